import '@mantine/charts/styles.css';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { ANALYTICS_READERS_HINT, canSeeAnalytics } from '@referrals/domain/analytics/waiting-times';
import { accessContextOf } from '@/lib/access-context';
import { useProfile } from '@/lib/auth/get-profile';
import { currentEmployment } from '@/lib/profile-display';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { AnalyticsView } from '../components/analytics-view';

/**
 * Waiting times and volumes at /analytics (docs/analytics.md): for the account holder and practice managers
 * of an establishment, or a department's head. No patient is shown, and small cells are suppressed.
 */
export function AnalyticsPage() {
  const { data: profile } = useProfile();
  if (profile === undefined) return <Loader aria-label="Loading your profile" />;
  const establishment = currentEmployment(profile)?.establishment;
  return (
    <Stack gap="lg" maw={1180}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Waiting times and volumes
        </Title>
        <Text c="gray.7">
          How long patients referred to {establishment?.name ?? 'your establishment'} wait, and whether the
          urgent ones are seen in time (Category 1 within 30 days, 2 within 90, 3 within 365).
        </Text>
      </Stack>
      {canSeeAnalytics(accessContextOf(profile, getRuntimeConfig().flags)) ? (
        <AnalyticsView
          key={establishment?.id ?? 'none'}
          source={{ kind: 'establishment', id: establishment?.id ?? 'none' }}
          unitLabel="Department"
          refused={ANALYTICS_READERS_HINT}
        />
      ) : (
        <Alert color="gray" title="Not available to you here">
          {ANALYTICS_READERS_HINT}
        </Alert>
      )}
    </Stack>
  );
}
