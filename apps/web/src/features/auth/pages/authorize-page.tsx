import { Button } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { ComingSoon } from '@/ui/coming-soon';
import { PublicPageFrame } from '@/ui/public-page-frame';

/**
 * The sign-in return page (spec section 2). The hosted login that sends users here arrives in a later
 * release, so there is no code to exchange yet; it says so rather than pretending to sign anyone in.
 */
export function AuthorizePage() {
  return (
    <PublicPageFrame>
      <ComingSoon
        title="Signing you in"
        icon={IconShieldLock}
        description="This page completes sign-in when you come back from the hosted login page. Sign-in arrives in a later release, so there is nothing to complete yet."
      />
      <Button component={Link} to={paths.home.getHref()} variant="light" mt="lg">
        Go to Dashboard
      </Button>
    </PublicPageFrame>
  );
}
