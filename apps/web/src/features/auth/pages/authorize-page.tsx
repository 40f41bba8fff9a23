import { Button, Loader } from '@mantine/core';
import { IconAlertTriangle, IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { adoptDevelopmentAccessToken, completeSignIn, startSignIn } from '@/lib/auth/session';
import { paths, type NotFoundState } from '@/lib/paths';
import { StatusPage } from '@/ui/status-page';
import { profileQueryOptions } from '@/lib/auth/get-profile';
import { readAuthorizeReturn, signInErrorMessage } from '../authorize-return';

function SignInProblem({ message }: { message: string }) {
  const [starting, setStarting] = useState(false);
  const tryAgain = () => {
    setStarting(true);
    startSignIn().catch(() => setStarting(false));
  };
  return (
    <StatusPage
      icon={IconAlertTriangle}
      color="red"
      title="We could not sign you in"
      actions={
        <Button onClick={tryAgain} loading={starting} mt="xs">
          Try again
        </Button>
      }
    >
      {message} Please try again. If it keeps happening, contact your practice manager or our support team.
    </StatusPage>
  );
}

/**
 * The sign-in return page (spec section 2 /authorize): exchanges the code (or, in development, takes an
 * access token), loads the profile and goes on to where the user was heading. Without either it goes to
 * /404, flagging a refused group; an error from the hosted login is shown with a way to try again.
 */
export function AuthorizePage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const outcome = useMemo(
    // import.meta.env.DEV is false in a production build, which then drops the access-token branch.
    () => readAuthorizeReturn(searchParams, { development: import.meta.env.DEV }),
    [searchParams],
  );
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (outcome.kind === 'not-found') {
      const state: NotFoundState = { unauthorizedGroup: outcome.unauthorizedGroup };
      void navigate(paths.status.notFound.getHref(), { replace: true, state });
      return;
    }
    if (outcome.kind !== 'code' && outcome.kind !== 'access-token') return;
    let cancelled = false;
    const signedIn =
      outcome.kind === 'code'
        ? completeSignIn(outcome.code, outcome.state)
        : Promise.resolve(adoptDevelopmentAccessToken(outcome.accessToken));
    signedIn
      .then(async ({ returnTo }) => {
        // No profile, or a failed load, means the sign-in is not usable (spec section 4 Profile load flow).
        await queryClient.fetchQuery(profileQueryOptions());
        if (!cancelled) await navigate(returnTo, { replace: true });
      })
      .catch(() => {
        if (!cancelled) setFailure('Your sign-in could not be completed.');
      });
    return () => {
      cancelled = true;
    };
  }, [outcome, navigate, queryClient]);

  if (outcome.kind === 'error') return <SignInProblem message={signInErrorMessage(outcome.error)} />;
  if (failure !== null) return <SignInProblem message={failure} />;
  return (
    <StatusPage
      icon={IconShieldLock}
      title="Signing you in"
      actions={<Loader size="sm" aria-label="Signing you in" mt="xs" />}
    >
      Checking your sign-in and loading your profile…
    </StatusPage>
  );
}
