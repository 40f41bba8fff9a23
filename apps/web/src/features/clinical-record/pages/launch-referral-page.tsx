import { Button, Center, Group, Loader } from '@mantine/core';
import { IconFileImport, IconPlugConnectedX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/lib/paths';
import { StatusPanel } from '@/ui/status-page';
import { createLaunchReferral } from '../clinical-record-calls';
import { launchFailureIsFinal, launchFailureMessage } from '../launch-failure';

type Failure = { message: string; canRetry: boolean };

/**
 * After a launch's sign-in: the draft is made from the patient and their record (the same launch opens the
 * same draft), then the referral wizard opens on it. A record system that fails leaves no draft, and says so.
 */
export function LaunchReferralPage() {
  const { launchId = '' } = useParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const ran = useRef(-1);

  useEffect(() => {
    if (ran.current === attempt) return;
    ran.current = attempt;
    createLaunchReferral(launchId)
      .then(({ referral_id }) => navigate(paths.referrals.create.getHref(referral_id), { replace: true }))
      .catch((error: unknown) =>
        setFailure({ message: launchFailureMessage(error), canRetry: !launchFailureIsFinal(error) }),
      );
  }, [launchId, navigate, attempt]);

  return (
    <Center py="xl">
      {failure === null ? (
        <StatusPanel
          icon={IconFileImport}
          title="Starting the referral"
          actions={<Loader size="sm" aria-label="Reading the patient’s record" />}
        >
          Reading the patient, their conditions, medicines, allergies and observations from your clinical
          record…
        </StatusPanel>
      ) : (
        <StatusPanel
          icon={IconPlugConnectedX}
          color="orange"
          title="The referral could not be started"
          actions={
            <Group justify="center">
              {failure.canRetry && (
                <Button
                  onClick={() => {
                    setFailure(null);
                    setAttempt((n) => n + 1);
                  }}
                >
                  Try again
                </Button>
              )}
              <Button component={Link} to={paths.home.getHref()} variant="light">
                Go to the dashboard
              </Button>
            </Group>
          }
        >
          {failure.message}
        </StatusPanel>
      )}
    </Center>
  );
}
