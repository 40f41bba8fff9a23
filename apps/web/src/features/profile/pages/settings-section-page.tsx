import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { SettingsSectionSchema } from '@referrals/domain/people/people-codes';
import { IconAlertTriangle, IconSettings } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '@/lib/paths';
import { ComingSoon } from '@/ui/coming-soon';
import { SETTINGS_SECTION_TEXT } from '../settings-sections';

/** A settings section at /settings/:type; an unknown one shows the spec's error text (sections 2 and 8). */
export function SettingsSectionPage() {
  const parsed = SettingsSectionSchema.safeParse(useParams().type);
  if (!parsed.success) {
    return (
      <Stack gap="lg" maw={760}>
        <Title order={1} fz="h2">
          Settings
        </Title>
        {/* Spelling as the spec gives it (section 8). */}
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="Error occurered">
          <Anchor component={Link} to={paths.settings.overview.getHref()} size="sm">
            Back to Settings
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  const text = SETTINGS_SECTION_TEXT[parsed.data];
  return (
    <ComingSoon
      title={text.title}
      subtitle="Settings"
      icon={IconSettings}
      description={text.description}
      plannedFeatures={text.plannedFeatures}
    />
  );
}
