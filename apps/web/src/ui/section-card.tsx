import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled card of a page made of sections (Settings, the patient form): the title, an optional
 * description, an optional control beside the title (a section's on/off switch), then the content.
 */
export function SectionCard({
  title,
  description,
  aside,
  children,
}: {
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      shadow="xs"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-label={title}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Title order={2} fz="h4">
              {title}
            </Title>
            {description !== undefined && (
              <Text size="sm" c="gray.7">
                {description}
              </Text>
            )}
          </Stack>
          {/* Beside a long description the control keeps its size; its label is never cut. */}
          {aside !== undefined && <Box style={{ flexShrink: 0 }}>{aside}</Box>}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
