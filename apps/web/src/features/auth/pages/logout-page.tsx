import { Loader } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { StatusPage } from '@/ui/status-page';
import { leaveAfterLogout, useLogout } from '../api/logout';

/**
 * Logout (spec section 2): ends the session on the server and on this device, then goes to Login,
 * which opens the hosted login page for the next sign-in. With an external provider it goes by the
 * provider's logout page, which comes back to Login.
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const { mutateAsync: logOut } = useLogout();

  useEffect(() => {
    void logOut().finally(() =>
      leaveAfterLogout(() => navigate(paths.auth.login.getHref(), { replace: true })),
    );
  }, [logOut, navigate]);

  return (
    <StatusPage
      icon={IconLogout}
      title="Logging you out"
      actions={<Loader size="sm" aria-label="Logging you out" mt="xs" />}
    >
      Ending your session on this device…
    </StatusPage>
  );
}
