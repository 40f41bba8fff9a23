import { Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type FormSectionProps = {
  title: string;
  description?: ReactNode;
  /** A section with a toggle shows its fields only while it is on (spec section 3: all off by default). */
  toggle?: { checked: boolean; onChange: (checked: boolean) => void; label: string };
  children: ReactNode;
};

/** A titled card of the patient form, optionally switched on and off by its toggle. */
export function FormSection({ title, description, toggle, children }: FormSectionProps) {
  const open = toggle === undefined || toggle.checked;
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
          {toggle !== undefined && (
            <Switch
              aria-label={toggle.label}
              size="md"
              onLabel="ON"
              offLabel="OFF"
              checked={toggle.checked}
              onChange={(event) => toggle.onChange(event.currentTarget.checked)}
            />
          )}
        </Group>
        {open && children}
      </Stack>
    </Paper>
  );
}
