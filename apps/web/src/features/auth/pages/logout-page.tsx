import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { ComingSoon } from '@/ui/coming-soon';
import { PublicPageFrame } from '@/ui/public-page-frame';

/** Logout (spec section 2). Nobody can be signed in yet, so there is no session to end. */
export function LogoutPage() {
  return (
    <PublicPageFrame>
      <ComingSoon
        title="Log out"
        icon={IconLogout}
        description="Logging out ends your session on this device and takes you back to the sign-in page. You are not signed in: sign-in arrives in a later release."
      />
      <Button component={Link} to={paths.home.getHref()} variant="light" mt="lg">
        Back to Dashboard
      </Button>
    </PublicPageFrame>
  );
}
