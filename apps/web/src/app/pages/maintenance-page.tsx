import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@referrals/domain/dates';
import { IconTool } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeReturnTo } from '@/lib/auth/auth-storage';
import { hasSignedInCookie } from '@/lib/auth/provider';
import { getAccessToken, startSignIn } from '@/lib/auth/session';
import { paths } from '@/lib/paths';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { StatusPage } from '@/ui/status-page';
import { useMaintenanceStatus } from '@/features/platform/api/maintenance';

/**
 * /maintenance, and every route while the maintenance flag is on (spec sections 2 and 9; README,
 * Maintenance). It shows the platform administrator's note and expected end, asks every 20 seconds
 * whether the service is back and then returns the user to where they were (`?next=`); with the flag, by
 * loading the page again, which brings the restarted server's flags. While a platform administrator's
 * switch has the service down, a signed-out visitor may sign in as one, to switch it off.
 */
export function MaintenancePage() {
  const { supportEmail, flags } = getRuntimeConfig();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { data: status } = useMaintenanceStatus({ poll: true });
  const back = status?.maintenance === false;
  const next = safeReturnTo(searchParams.get('next') ?? paths.home.getHref());

  useEffect(() => {
    if (!back) return;
    if (flags.maintenance) window.location.reload();
    else void navigate(next, { replace: true });
  }, [back, flags.maintenance, navigate, next]);

  const signedIn = getAccessToken() !== null || hasSignedInCookie(document.cookie);
  const switched = status?.source === 'switch';
  return (
    <StatusPage
      icon={IconTool}
      color="orange"
      title="Down for maintenance"
      actions={
        switched && (
          <Group justify="center" gap="sm">
            {signedIn ? (
              <Button variant="default" component={Link} to={paths.auth.logout.getHref()}>
                Sign out
              </Button>
            ) : (
              <Button
                variant="default"
                onClick={() => void startSignIn({ returnTo: paths.maintenanceSwitch.getHref() })}
              >
                Sign in as a platform administrator
              </Button>
            )}
          </Group>
        )
      }
    >
      <Stack gap="xs" component="span">
        {status?.message != null && (
          <Text component="span" display="block" fw={600} c="dark.7">
            {status.message}
          </Text>
        )}
        {status?.expected_end != null && (
          <Text component="span" display="block">
            Expected back by {formatDateTime(status.expected_end)}.
          </Text>
        )}
        <Text component="span" display="block">
          Referrals is being updated and will be back shortly. Referrals you have already sent are safe. This
          page opens Referrals again once it is back. If something cannot wait, contact support at{' '}
          <Anchor href={`mailto:${supportEmail}`} underline="always">
            {supportEmail}
          </Anchor>
          .
        </Text>
      </Stack>
    </StatusPage>
  );
}
