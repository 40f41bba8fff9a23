import { Alert, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { LINK_NOT_USABLE } from '@referrals/domain/external-access/external-access-schemas';
import { IconLock, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import type { AccessBase } from '../api/access-address';
import { refreshAccess } from '../api/refresh-access';

/**
 * The lock of a link that no longer opens its referral: expired, locked by wrong answers, or never one (the
 * server gives the same 404 for each). A new link goes only to the address the old one went to, and the
 * answer is the same whatever the token, so this page can say no more than that.
 */
export function LinkNotUsable({ token, base }: { token: string; base: AccessBase }) {
  const [state, setState] = useState<'idle' | 'sending' | 'failed' | { sent: string }>('idle');
  const ask = () => {
    setState('sending');
    refreshAccess(token, base).then(
      (detail) => setState({ sent: detail }),
      () => setState('failed'),
    );
  };
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" color="orange" aria-hidden>
          <IconLock size={26} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          This link no longer works
        </Title>
        <Text lh={1.6}>{LINK_NOT_USABLE}</Text>
        {typeof state === 'object' ? (
          <Alert variant="light" color="green" role="status" icon={<IconMailForward size={18} />}>
            {state.sent}
          </Alert>
        ) : token === '' ? (
          <Text c="gray.7">Open the link from your email again: this address does not carry one.</Text>
        ) : (
          <>
            <Button leftSection={<IconMailForward size={18} />} loading={state === 'sending'} onClick={ask}>
              Email me a new link
            </Button>
            {state === 'failed' && (
              <Text c="red.8" role="alert">
                That did not go through. Please try again.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
