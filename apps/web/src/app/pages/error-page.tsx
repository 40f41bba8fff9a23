import { Anchor, Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { paths } from '@/lib/paths';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { StatusPage } from '@/ui/status-page';

/**
 * /error, and the screen any route shows when it fails to render or its code fails to load (often a new
 * release replacing the files of the old one: reloading fixes that, hence Try again).
 */
export function ErrorPage() {
  const error = useRouteError();
  const { supportEmail } = getRuntimeConfig();

  useEffect(() => {
    if (error !== undefined) console.error(error);
  }, [error]);

  return (
    <StatusPage
      icon={IconAlertTriangle}
      color="red"
      title="Something went wrong"
      actions={
        <Group justify="center" mt="xs">
          <Button onClick={() => window.location.reload()}>Try again</Button>
          <Button component={Link} to={paths.home.getHref()} variant="default" reloadDocument>
            Go to Dashboard
          </Button>
        </Group>
      }
    >
      Oops, something went wrong. Please try again or contact support at{' '}
      <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
    </StatusPage>
  );
}
