import { Alert, Badge, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { formatDateTime } from '@referrals/domain/dates';
import type { Maintenance } from '@referrals/domain/maintenance/maintenance-schemas';
import { useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { SectionCard } from '@/ui/section-card';
import { useMaintenance } from '../api/maintenance';
import { MaintenanceSwitchDialog } from '../components/maintenance-switch-dialog';

/** Who switched last and when, in a sentence; nothing before anyone ever did. */
function lastSwitched(maintenance: Maintenance): string | null {
  if (maintenance.switched_at === null) return null;
  const by = maintenance.switched_by === null ? '' : ` by ${maintenance.switched_by.name}`;
  const what = maintenance.maintenance ? 'Switched on' : 'Switched off';
  return `${what}${by} on ${formatDateTime(maintenance.switched_at)}.`;
}

/**
 * /maintenance-switch: the platform administrators take Referrals down for maintenance, on every server at
 * once, and bring it back (README, Maintenance). The switch opens a dialog that confirms it; the state
 * shown is the server's, never the switch's own until the server has taken it.
 */
export function MaintenanceSwitchPage() {
  const query = useMaintenance();
  const [dialogOpened, setDialogOpened] = useState(false);
  // Kept while the dialog closes, so its title does not turn over as the switch it made comes back.
  const [turningOn, setTurningOn] = useState(true);

  if (query.error instanceof ApiError && query.error.status === 403) {
    return (
      <Alert color="gray" variant="light" maw={640}>
        Only platform administrators switch maintenance.
      </Alert>
    );
  }
  const maintenance = query.data;
  const on = maintenance?.maintenance === true;
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Maintenance
        </Title>
        <Text c="gray.7">
          Take Referrals down while you work on it: everyone but the platform administrators then sees the
          maintenance page, and the API answers their calls with 503 and when to try again. Platform
          administrators can still sign in, and switch it off here. A restart with FEATURE_MAINTENANCE takes
          it down for everyone instead, and only a restart without it brings it back.
        </Text>
      </Stack>
      {query.isError && (
        <Alert color="red" variant="light" role="alert">
          The maintenance switch could not be loaded. Please try again.
        </Alert>
      )}
      {maintenance === undefined ? (
        query.isPending && <Loader size="sm" aria-label="Loading the maintenance switch" />
      ) : (
        <SectionCard
          title="Down for maintenance"
          description={
            on
              ? 'Referrals is down for everyone but the platform administrators.'
              : 'Referrals is up for everyone.'
          }
          aside={
            <Switch
              size="md"
              label="Down for maintenance"
              checked={on}
              // The server's state, until the dialog's switch is made: toggling only asks.
              onChange={() => {
                setTurningOn(!on);
                setDialogOpened(true);
              }}
            />
          }
        >
          <Group gap="sm">
            {on ? (
              // Dark text on the light fill: the palette's own shade reads under AA's 4.5:1.
              <Badge color="orange" variant="light" c="dark.7">
                Down for maintenance
              </Badge>
            ) : (
              <Badge color="green" variant="light" c="dark.7">
                Up
              </Badge>
            )}
            {lastSwitched(maintenance) !== null && (
              <Text size="sm" c="gray.7">
                {lastSwitched(maintenance)}
              </Text>
            )}
          </Group>
          {on && (
            <Stack gap={4}>
              <Text size="sm">
                <Text span fw={600}>
                  Note on the maintenance page:{' '}
                </Text>
                {maintenance.message ?? 'none'}
              </Text>
              <Text size="sm">
                <Text span fw={600}>
                  Expected back by:{' '}
                </Text>
                {maintenance.expected_end === null ? 'not said' : formatDateTime(maintenance.expected_end)}
              </Text>
            </Stack>
          )}
          <MaintenanceSwitchDialog
            maintenance={maintenance}
            turningOn={turningOn}
            opened={dialogOpened}
            onClose={() => setDialogOpened(false)}
          />
        </SectionCard>
      )}
    </Stack>
  );
}
