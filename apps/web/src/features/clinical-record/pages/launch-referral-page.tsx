import { Button, Center, Group, Loader } from '@mantine/core';
import { IconFileImport, IconPlugConnectedX } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/lib/paths';
import { StatusPanel } from '@/ui/status-page';
import { createLaunchReferral } from '../clinical-record-calls';
import { useLaunchStep } from '../use-launch-step';

/**
 * After a launch's sign-in: the draft is made from the patient and their record (the same launch opens the
 * same draft), then the referral wizard opens on it. A record system that fails leaves no draft, and says so.
 */
export function LaunchReferralPage() {
  const { launchId = '' } = useParams();
  const navigate = useNavigate();
  const { failure, retry } = useLaunchStep(async () => {
    const { referral_id } = await createLaunchReferral(launchId);
    await navigate(paths.referrals.create.getHref(referral_id), { replace: true });
  }, true);

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
              {failure.canRetry && <Button onClick={retry}>Try again</Button>}
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
