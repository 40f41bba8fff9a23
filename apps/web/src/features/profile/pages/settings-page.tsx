import { NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { SETTINGS_SECTIONS } from '@referrals/domain/people/people-codes';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { SETTINGS_SECTION_TEXT } from '../settings-sections';

/** Settings at /settings (spec section 2): the way into each settings section. */
export function SettingsPage() {
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Settings
        </Title>
        <Text c="gray.7">Your account, registration and the establishments you work at.</Text>
      </Stack>
      <Paper withBorder radius="lg" shadow="xs" p="xs">
        {SETTINGS_SECTIONS.map((section) => (
          <NavLink
            key={section}
            component={Link}
            to={paths.settings.section.getHref(section)}
            label={SETTINGS_SECTION_TEXT[section].title}
            description={SETTINGS_SECTION_TEXT[section].description}
            rightSection={<IconChevronRight size={16} />}
            styles={{ label: { fontWeight: 600 }, description: { color: 'var(--mantine-color-gray-7)' } }}
            py="sm"
          />
        ))}
      </Paper>
    </Stack>
  );
}
