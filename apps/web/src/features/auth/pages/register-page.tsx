import { Loader, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { startSignIn } from '@/lib/auth/session';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { StatusPage } from '@/ui/status-page';

/**
 * Register (spec section 2, named route): creating an account happens on the hosted sign-up page, which
 * verifies the email address; after signing in, the registration wizard collects the rest. An external
 * provider has its own sign-up on its sign-in page.
 */
export function RegisterPage() {
  useEffect(() => {
    if (getRuntimeConfig().auth.external) void startSignIn();
    else window.location.replace('/auth/signup');
  }, []);

  return (
    <StatusPage
      icon={IconUserPlus}
      title="Create your account"
      actions={<Loader size="sm" aria-label="Opening the sign-up page" mt="xs" />}
    >
      <Text>Opening the sign-up page…</Text>
    </StatusPage>
  );
}
