import { Button, Loader } from '@mantine/core';
import { launchQueryKind } from '@referrals/domain/clinical-record/launch-query';
import { IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { startSignIn } from '@/lib/auth/session';
import { paths } from '@/lib/paths';
import { StatusPage } from '@/ui/status-page';
import { completeLaunch, startLaunch } from '../clinical-record-calls';
import { useLaunchStep } from '../use-launch-step';

/**
 * A launch from a clinical record system (docs/clinical-record.md), before anyone is signed in to
 * Referrals. With `iss` (and the record's `launch`) it sends the browser to sign in at the record system;
 * back from there (`state` with `code` or `error`) it finishes the launch and signs the matched person in
 * to Referrals with the launch's ticket, who then lands on the draft it starts.
 */
export function ClinicalRecordLaunchPage() {
  const [search] = useSearchParams();
  const starting = launchQueryKind(search) !== 'return';
  // The record system's answer is spent once sent: only the first half can be tried again.
  const { failure, retry } = useLaunchStep(async () => {
    if (starting) {
      const launch = search.get('launch') ?? undefined;
      const { authorization_url } = await startLaunch({
        iss: search.get('iss') ?? '',
        ...(launch ? { launch } : {}),
      });
      window.location.assign(authorization_url);
      return;
    }
    const completed = await completeLaunch({
      state: search.get('state') ?? '',
      ...optionalParams(search, ['code', 'iss', 'error', 'error_description']),
    });
    await startSignIn({
      returnTo: paths.clinicalRecord.launchReferral.getHref(completed.launch_id),
      recordLaunch: completed.sign_in_ticket,
    });
  }, starting);

  if (failure !== null) {
    return (
      <StatusPage
        icon={IconPlugConnectedX}
        color="orange"
        title="Referrals could not be launched"
        actions={
          failure.canRetry ? (
            <Button onClick={retry}>Try again</Button>
          ) : (
            <Button component={Link} to={paths.home.getHref()} variant="light">
              Continue in the browser
            </Button>
          )
        }
      >
        {failure.message}
      </StatusPage>
    );
  }
  return (
    <StatusPage
      icon={IconPlugConnected}
      title="Launching Referrals"
      actions={<Loader size="sm" aria-label="Connecting to your clinical record" mt="xs" />}
    >
      Connecting to your clinical record system…
    </StatusPage>
  );
}

function optionalParams(search: URLSearchParams, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.flatMap((name) => (search.get(name) ? [[name, search.get(name) ?? '']] : [])),
  );
}
