import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small capitalised label over what it names: how the referral page's sections set out their facts. */
export function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={700} c="gray.7">
        {label}
      </Text>
      {children}
    </Stack>
  );
}
