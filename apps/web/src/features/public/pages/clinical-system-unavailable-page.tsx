import { Button } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { StatusPage } from '@/ui/status-page';

/** Shown instead of a clinical-system launch while that flag says the system is unavailable (spec section 2). */
export function ClinicalSystemUnavailablePage() {
  return (
    <StatusPage
      icon={IconPlugConnectedX}
      color="orange"
      title="Clinical system unavailable"
      actions={
        <Button component={Link} to={paths.home.getHref()}>
          Continue in the browser
        </Button>
      }
    >
      Launching Referrals from your clinical system is unavailable at the moment. You can keep working in the
      browser in the meantime.
    </StatusPage>
  );
}
