import { Button } from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { StatusPanel } from '@/ui/status-page';

/** A missing referral, or another establishment's, which answers the same 404 (spec section 8 referralStatus 404). */
export function ReferralNotFound() {
  return (
    <StatusPanel
      icon={IconFileUnknown}
      title="Referral not found"
      color="gray"
      actions={
        <Button component={Link} to={paths.home.getHref()}>
          Go to the dashboard
        </Button>
      }
    >
      This referral does not exist, or it is not one your current establishment can see. If it was shared with
      another establishment of yours, switch to it first.
    </StatusPanel>
  );
}
