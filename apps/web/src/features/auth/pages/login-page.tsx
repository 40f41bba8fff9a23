import { Button, Loader } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { startSignIn } from '@/lib/auth/session';
import { loginOptions } from '../login-options';
import { StatusPage } from '@/ui/status-page';

/**
 * Login (spec section 2, named route): starts the PKCE redirect to the hosted login page, passing
 * session_expired when the user was logged out for inactivity, and email-and-password-only mode when the
 * single-sign-on account linking flow forces it (`connection`, `login_hint`, `sso_link`; spec section 4).
 */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const [failed, setFailed] = useState(false);
  const options = useMemo(() => loginOptions(searchParams), [searchParams]);

  useEffect(() => {
    startSignIn(options).catch(() => setFailed(true));
  }, [options]);

  const retry = () => {
    setFailed(false);
    startSignIn(options).catch(() => setFailed(true));
  };

  return (
    <StatusPage
      icon={IconLogin}
      title="Sign in"
      actions={
        failed ? (
          <Button onClick={retry} mt="xs">
            Try again
          </Button>
        ) : (
          <Loader size="sm" aria-label="Opening the sign-in page" mt="xs" />
        )
      }
    >
      {failed
        ? 'The sign-in page could not be opened. Check your connection and try again.'
        : 'Taking you to the secure sign-in page…'}
    </StatusPage>
  );
}
