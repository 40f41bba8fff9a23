import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { LOADER_TIMEOUT_MS } from '@referrals/domain/constants';
import { useEffect, useState } from 'react';

/** The loader's timeout message (spec section 8), verbatim. */
export const LOADER_TIMEOUT_MESSAGE =
  'Sorry, this is taking longer than expected. We will be there shortly or please try logging in again.';

/**
 * The full-screen loader of the app boot and of screens still loading their code. After
 * LOADER_TIMEOUT_MS it admits the wait and offers a reload (spec sections 2 Layout and 8).
 */
export function FullScreenLoader() {
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), LOADER_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <Center mih="100dvh" p="md" role="status" aria-live="polite" aria-busy={!slow}>
      <Stack align="center" gap="lg" maw={420} ta="center">
        <Loader size="lg" aria-label="Loading" />
        {slow && (
          <>
            <Text>{LOADER_TIMEOUT_MESSAGE}</Text>
            <Button onClick={() => window.location.reload()}>Try again</Button>
          </>
        )}
      </Stack>
    </Center>
  );
}
