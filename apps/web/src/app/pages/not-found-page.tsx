import { Button } from '@mantine/core';
import { IconLock, IconMapSearch } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths, type NotFoundState } from '@/lib/paths';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { StatusPage } from '@/ui/status-page';

/**
 * /404, where unknown paths and unknown list types land (spec section 2). The sign-in return page also
 * lands here when the hosted login refused the user's group, and then says that instead.
 */
export function NotFoundPage() {
  const state = useLocation().state as NotFoundState | null;
  if (state?.unauthorizedGroup === true) {
    return (
      <StatusPage
        icon={IconLock}
        color="red"
        title="Your account cannot use Referrals"
        actions={
          <Button component={Link} to={paths.auth.login.getHref()} mt="xs">
            Sign in with another account
          </Button>
        }
      >
        Your account is not in a group that may use Referrals. Ask your practice manager to give you access,
        or contact support at {getRuntimeConfig().supportEmail}.
      </StatusPage>
    );
  }
  return (
    <StatusPage
      icon={IconMapSearch}
      color="gray"
      title="Page not found"
      actions={
        <Button component={Link} to={paths.home.getHref()} mt="xs">
          Go to Dashboard
        </Button>
      }
    >
      The page you were looking for does not exist or has moved. Check the address, or start again from your
      dashboard.
    </StatusPage>
  );
}
