import { Paper, Stack, Title, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of a settings section, drawn as the other sections draw theirs. */
export function SectionCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
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
        {children}
      </Stack>
    </Paper>
  );
}
