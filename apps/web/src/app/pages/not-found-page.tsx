import { Button } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { StatusPage } from '@/ui/status-page';

/** /404, where unknown paths and unknown list types land (spec section 2). */
export function NotFoundPage() {
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
