import { Button, Center, Group, Loader } from '@mantine/core';
import { IconLockAccess } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { StatusPanel } from '@/ui/status-page';
import { useExternalOrigin } from '../api/get-external-origin';

/**
 * /referrals/external-origin?token=…: someone signed in who followed an emailed access link (a GP with an
 * account) goes to the referral in the app when the app's own rules let them see it; anyone else is told
 * they cannot, and may still open it through the link's questions.
 */
export function ExternalOriginPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const origin = useExternalOrigin(token);
  const navigate = useNavigate();
  const id = origin.data?.referral.id;

  useEffect(() => {
    if (id !== undefined) void navigate(paths.referrals.detail.getHref(id), { replace: true });
  }, [id, navigate]);

  if (token !== '' && (origin.isPending || id !== undefined)) {
    return (
      <Center py="xl">
        <Loader aria-label="Opening the referral" />
      </Center>
    );
  }
  return (
    <Center py="xl">
      <StatusPanel
        icon={IconLockAccess}
        color="orange"
        title="You cannot open this referral in the app"
        actions={
          <Group justify="center" gap="sm">
            {token !== '' && (
              <Button component={Link} to={paths.public.externalReferral.getHref(token)} variant="light">
                Open it with the link instead
              </Button>
            )}
            <Button component={Link} to={paths.home.getHref()} variant="default">
              Go to the dashboard
            </Button>
          </Group>
        }
      >
        {origin.error instanceof ApiError && origin.error.status !== 404
          ? 'The referral could not be opened just now. Please try again.'
          : 'Your account cannot see this referral, or the link does not name one. The link in the email still opens it after a few questions about the patient.'}
      </StatusPanel>
    </Center>
  );
}
