import { Badge, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconHourglassEmpty, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type ComingSoonProps = {
  /** The screen's name, shown as its main heading. */
  title: string;
  /** A qualifier under the heading, e.g. the list type of an inbox. */
  subtitle?: string;
  /** What the screen will do, in the product's words. */
  description: ReactNode;
  /** The main things a user will be able to do here. */
  plannedFeatures?: readonly string[];
  icon?: Icon;
};

/**
 * The honest placeholder for a screen a later release builds: it says what the screen will do and
 * shows no controls that would pretend to work.
 */
export function ComingSoon({
  title,
  subtitle,
  description,
  plannedFeatures,
  icon: ScreenIcon,
}: ComingSoonProps) {
  const HeadingIcon = ScreenIcon ?? IconHourglassEmpty;
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={760} shadow="xs">
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="md" variant="light">
            <HeadingIcon size={26} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={6}>
            <Group gap="sm" align="center">
              <Title order={1} fz="h2">
                {title}
              </Title>
              <Badge variant="light" color="gray" radius="sm">
                Coming soon
              </Badge>
            </Group>
            {subtitle !== undefined && (
              <Text c="gray.7" fw={500}>
                {subtitle}
              </Text>
            )}
          </Stack>
        </Group>
        <Text size="md" lh={1.6}>
          {description}
        </Text>
        {plannedFeatures !== undefined && plannedFeatures.length > 0 && (
          <Stack gap="xs">
            <Text size="sm" fw={600} c="gray.7" tt="uppercase" style={{ letterSpacing: 0.4 }}>
              What you will be able to do here
            </Text>
            <List
              spacing="xs"
              icon={
                <ThemeIcon size={20} radius="xl" variant="light">
                  <IconCircleCheck size={14} />
                </ThemeIcon>
              }
            >
              {plannedFeatures.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Text size="sm" c="gray.7">
          This screen is part of a later release. Nothing here sends, saves or shows patient data yet.
        </Text>
      </Stack>
    </Paper>
  );
}
