import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Logo } from './logo';

type StatusPageProps = {
  icon: Icon;
  title: string;
  children: ReactNode;
  /** Buttons or links that get the user moving again. */
  actions?: ReactNode;
  color?: string;
};

/** The card of a status message, for a screen inside the main layout (a referral or record not found). */
export function StatusPanel({ icon: StatusIcon, title, children, actions, color }: StatusPageProps) {
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 40 }} w="100%" maw={640}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color={color}>
          <StatusIcon size={34} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="gray.7" lh={1.6}>
          {children}
        </Text>
        {actions}
      </Stack>
    </Paper>
  );
}

/** A full-screen message (404, error, maintenance) that always offers a way forward. */
export function StatusPage(props: StatusPageProps) {
  return (
    <Center component="main" mih="100dvh" bg="gray.0" p="md">
      <Stack align="center" gap="xl" w="100%" maw={520}>
        <Logo size={32} />
        <StatusPanel {...props} />
      </Stack>
    </Center>
  );
}
