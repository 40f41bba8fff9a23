import { Anchor, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Report } from '@referrals/domain/reports/report-schemas';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { useReferral } from '../api/get-referral';
import { ReferralNotFound } from '../detail/components/referral-not-found';
import { referralPatientName } from '../detail/referral-display';
import { ReferralReportsSection } from '../reports/referral-reports-section';
import { reportQueryOptions, useReport } from '../reports/report-calls';
import { ReportReadView } from '../reports/report-read-view';
import { ReportStatusBadge } from '../reports/report-status-badge';
import { ReportWriteForm } from '../reports/report-write-form';

/**
 * A clinical report on a referral at /referrals/:id/report/:reportID? (spec section 2): its author writes a
 * draft; everyone else who may see it reads it, and the referrer reviews it. Without a report id, the
 * referral's reports and, for its receiver side, the way to start one.
 */
export function ReferralReportPage() {
  const { id = '', reportID } = useParams();
  const queryClient = useQueryClient();
  const referral = useReferral(id);
  const report = useReport(id, reportID);
  const keep = useCallback(
    (next: Report) => queryClient.setQueryData(reportQueryOptions(id, next.id).queryKey, next),
    [queryClient, id],
  );

  const failed = referral.error ?? report.error;
  if (failed instanceof ApiError && failed.status === 404) return <ReferralNotFound />;
  if (failed) {
    return (
      <Paper withBorder radius="md" p="lg" maw={640}>
        <Text role="alert">The report could not be loaded. Please try again.</Text>
      </Paper>
    );
  }
  if (referral.data === undefined || (reportID !== undefined && report.data === undefined)) {
    return <Loader aria-label="Loading the report" />;
  }
  const record = report.data;
  const writing = record !== undefined && record.status.value === 'DRFT' && record.side === 'receiver';
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={6}>
        <Anchor component={Link} to={paths.referrals.detail.getHref(id)} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Referral for {referralPatientName(referral.data)}
          </Group>
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} fz="h2">
            {record === undefined ? 'Clinical reports' : writing ? 'Write the report' : record.title}
          </Title>
          {record !== undefined && <ReportStatusBadge status={record.status} />}
        </Group>
      </Stack>
      {record === undefined && <ReferralReportsSection referral={referral.data} />}
      {record !== undefined && writing && <ReportWriteForm key={record.id} report={record} onSaved={keep} />}
      {record !== undefined && !writing && <ReportReadView report={record} onChanged={keep} />}
    </Stack>
  );
}
