import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatDateTime } from '@referrals/domain/dates';
import type { MyReferral } from '@referrals/domain/my-referrals/my-referral-schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { PagedList } from '@/ui/paged-list';
import { ReferralStatusBadge } from '@/ui/referral-status-badge';
import { useMyReferrals } from './my-referral-calls';

function ReferralCard({ referral }: { referral: MyReferral }) {
  const kind = referral.is_advice_request ? 'Request for advice' : 'Referral';
  const to = [referral.specialist, referral.receiver].filter(Boolean).join(', ');
  const titleId = `my-referral-${referral.id}`;
  return (
    <Paper withBorder radius="md" p="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={2} fz="h4" id={titleId}>
            {kind} to {to || 'a service'}
          </Title>
          <ReferralStatusBadge status={referral.status} />
        </Group>
        <Text size="sm" c="gray.7">
          {[
            referral.referrer === null
              ? null
              : `From ${referral.referrer}${referral.referrer_establishment ? `, ${referral.referrer_establishment}` : ''}`,
            referral.submitted_at === null ? null : `sent ${formatDate(referral.submitted_at)}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {referral.appointment !== null && (
          <Text>
            <strong>Your appointment:</strong> {formatDateTime(referral.appointment.date)}
            {referral.appointment.location ? `, ${referral.appointment.location}` : ''}
          </Text>
        )}
        {referral.reports.length > 0 && (
          <Stack gap={4}>
            <Text fw={600}>Reports for you</Text>
            {referral.reports.map((report) => (
              <Anchor key={report.id} component={Link} to={paths.myReport.getHref(report.id)}>
                {report.title}
                {report.submitted_at === null ? '' : ` (${formatDate(report.submitted_at)})`}
              </Anchor>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * My referrals, a patient's own dashboard (docs/my-referrals.md): where each referral about them is, the
 * appointment when the clinic shows it, and the reports addressed to them.
 */
export function MyReferralsPage() {
  const [page, setPage] = useState(1);
  const list = useMyReferrals(page);
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          My referrals
        </Title>
        <Text c="gray.7">Where each referral about you is, and the reports your doctors send you.</Text>
      </Stack>
      <PagedList
        list={list}
        what="your referrals"
        countLabel={(count) => (count === 1 ? '1 referral' : `${count} referrals`)}
        page={page}
        onPage={setPage}
        empty={
          <Paper withBorder radius="md" p="lg">
            <Text>
              No referrals yet. When your doctor refers you, the referral appears here, with your email
              address and date of birth as your practice has them.
            </Text>
          </Paper>
        }
      >
        {(results) => (
          <Stack gap="md">
            {results.map((referral) => (
              <ReferralCard key={referral.id} referral={referral} />
            ))}
          </Stack>
        )}
      </PagedList>
    </Stack>
  );
}
