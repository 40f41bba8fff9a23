import '@mantine/charts/styles.css';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { paths } from '@/lib/paths';
import { AnalyticsView } from '../components/analytics-view';

/**
 * A health network's waiting times and volumes at /health-networks/:id/analytics (docs/analytics.md), for
 * the platform's administrators who keep the networks: across its services that share them.
 */
export function NetworkAnalyticsPage() {
  const { id = '' } = useParams();
  return (
    <Stack gap="lg" maw={1180}>
      <Anchor component={Link} to={paths.healthNetworks.getHref()} size="sm">
        Back to health networks
      </Anchor>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Waiting times across the network
        </Title>
        <Text c="gray.7">
          The services of the network that share their waiting times (a setting of each establishment), with a
          hospital’s departments. Counts and days only: no patient, and small counts hidden.
        </Text>
      </Stack>
      <AnalyticsView
        key={id}
        source={{ kind: 'network', id }}
        unitLabel="Service"
        refused="Only platform administrators read a health network’s waiting times."
      />
    </Stack>
  );
}
