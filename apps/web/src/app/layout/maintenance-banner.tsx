import { Alert, Anchor, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { useMaintenanceStatus } from '@/features/platform/api/maintenance';

/**
 * What a platform administrator sees above every screen while the service is down for maintenance by the
 * switch (README, Maintenance): everyone else has the maintenance page, and most of the administrator's own
 * screens cannot load either, so the banner says why and leads to the switch.
 */
export function MaintenanceBanner() {
  const { data: status } = useMaintenanceStatus({ poll: true });
  const { pathname } = useLocation();
  if (status?.maintenance !== true) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconTool size={18} />}
      title="Down for maintenance"
      mb="lg"
      role="status"
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
    >
      <Text size="sm" c="dark.7">
        Everyone but the platform administrators sees the maintenance page, and the API answers their calls
        with 503 (yours too, but for the switch).{' '}
        {pathname !== paths.maintenanceSwitch.getHref() && (
          <Anchor
            component={Link}
            to={paths.maintenanceSwitch.getHref()}
            size="sm"
            c="dark.7"
            underline="always"
          >
            Open the maintenance switch
          </Anchor>
        )}
      </Text>
    </Alert>
  );
}
