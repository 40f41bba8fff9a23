import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { AWAITING_APPROVAL_HINT, canSeePatientData } from '@referrals/domain/people/access-rules';
import { REFERRAL_DASHBOARD_ITEMS } from '@referrals/domain/referrals/referral-dashboard';
import { useProfile } from '@/lib/auth/get-profile';
import { currentEmployment } from '@/lib/profile-display';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { DashboardItemCard } from '../components/dashboard-item-card';
import classes from '../components/dashboard.module.css';

/** A notice in place of the counts; plain, as the dashboard is the first screen and every byte counts. */
function Notice({ title, children }: { title: string; children: string }) {
  return (
    <Paper withBorder radius="md" p="md" role="status">
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="gray.7">
        {children}
      </Text>
    </Paper>
  );
}

const GROUPS = [
  { box: 'inbox', title: 'Referrals to you', description: 'Triage, appointments and waiting times.' },
  { box: 'outbox', title: 'Referrals you sent', description: 'Renewals, returns and recalls to follow up.' },
] as const;

function DashboardCounts({ establishmentId }: { establishmentId: string }) {
  const stats = useDashboardStats(establishmentId);
  if (stats.isError) {
    return <Notice title="The counts could not be loaded">Please try again in a moment.</Notice>;
  }
  const countOf = (key: string) => stats.data?.find((entry) => entry.key === key)?.count;
  return (
    <Stack gap="xl">
      {GROUPS.map((group) => (
        <Stack key={group.box} gap="sm" component="section" aria-labelledby={`dashboard-${group.box}`}>
          <Stack gap={2}>
            <Title order={2} fz="h4" id={`dashboard-${group.box}`}>
              {group.title}
            </Title>
            <Text size="sm" c="gray.7">
              {group.description}
            </Text>
          </Stack>
          <div className={classes.grid}>
            {REFERRAL_DASHBOARD_ITEMS.filter((item) => item.box === group.box).map((item) => (
              <DashboardItemCard key={item.key} item={item} count={countOf(item.key)} />
            ))}
          </div>
        </Stack>
      ))}
    </Stack>
  );
}

/** Dashboard at / (spec section 2): what needs the person now, each linking to its filtered list. */
export function DashboardPage() {
  const { data: profile } = useProfile();
  if (profile === undefined) return <Loader aria-label="Loading your profile" />;
  const employment = currentEmployment(profile);
  const establishment = employment?.establishment;
  const approved = employment === undefined || canSeePatientData(employment);
  return (
    <Stack gap="lg" maw={1080}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Dashboard
        </Title>
        <Text c="gray.7">
          {establishment === undefined
            ? 'What needs you now.'
            : `What needs you now at ${establishment.name}.`}
        </Text>
      </Stack>
      {approved ? (
        <DashboardCounts key={establishment?.id ?? 'none'} establishmentId={establishment?.id ?? 'none'} />
      ) : (
        <Notice title="Waiting for approval">{AWAITING_APPROVAL_HINT}</Notice>
      )}
    </Stack>
  );
}
