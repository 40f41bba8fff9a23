import { Alert, Anchor, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { MAX_REFERRAL_REPORT_COUNT } from '@referrals/domain/constants';
import { formatDate } from '@referrals/domain/dates';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { canWriteReportOn } from '@referrals/domain/reports/report-lifecycle';
import { IconFilePlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { useProfile } from '@/lib/auth/get-profile';
import { paths } from '@/lib/paths';
import { currentEmployment } from '@/lib/profile-display';
import { referralsKey } from '@/lib/referrals-key';
import { createReport, useReferralReports, useReportTemplates } from './report-calls';
import { ReportStatusBadge } from './report-status-badge';

/** The receiver side starts a report, blank or from one of its establishment's templates. */
function StartReport({ referral, advice }: { referral: Referral; advice: boolean }) {
  const { data: profile } = useProfile();
  const establishmentId = profile ? (currentEmployment(profile)?.establishment.id ?? '') : '';
  const templates = useReportTemplates(establishmentId);
  const [template, setTemplate] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const start = () => {
    setBusy(true);
    setFailure(null);
    createReport(referral.id, template === null ? {} : { template })
      .then(async (report) => {
        await queryClient.invalidateQueries({ queryKey: referralsKey });
        await navigate(paths.referrals.report.getHref(referral.id, report.id));
      })
      .catch((error: unknown) => {
        const reason = error instanceof ApiError ? error.fieldErrors?.non_field_errors : undefined;
        setFailure(
          Array.isArray(reason) && typeof reason[0] === 'string'
            ? reason[0]
            : error instanceof ApiError && error.detail
              ? error.detail
              : 'The report could not be started. Please try again.',
        );
        setBusy(false);
      });
  };
  const options = (templates.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm">
        {options.length > 0 && (
          <Select
            label="Start from a template"
            placeholder="A blank report"
            data={options}
            value={template}
            onChange={setTemplate}
            clearable
            w={260}
          />
        )}
        <Button leftSection={<IconFilePlus size={16} />} loading={busy} onClick={start}>
          {advice ? 'Write your advice' : 'Write a report'}
        </Button>
      </Group>
      {failure !== null && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The clinical reports on a referral (spec section 2: the referral page's `report` query): each with its status,
 * opened on its own page; the receiver side writes a new one while it holds the referral (at most 20).
 */
export function ReferralReportsSection({ referral, focus }: { referral: Referral; focus?: boolean }) {
  const reports = useReferralReports(referral.id);
  const section = useRef<HTMLElement>(null);
  // `?report` on the referral's address opens it at its reports (spec section 2).
  useEffect(() => {
    if (focus && reports.data !== undefined) section.current?.scrollIntoView({ block: 'start' });
  }, [focus, reports.data]);
  const list = reports.data ?? [];
  const canWrite =
    referral.side === 'receiver' &&
    canWriteReportOn(referral.status.value as never) &&
    list.length < MAX_REFERRAL_REPORT_COUNT;
  if (!canWrite && list.length === 0) return null;
  // A request for advice is answered with a report: the section speaks of the advice (docs/referrals.md).
  const advice = referral.type === 'ADVICE_AND_GUIDANCE';
  return (
    <Paper
      ref={section}
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="referral-reports-title"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="referral-reports-title">
          {advice ? 'Advice' : 'Clinical reports'}
        </Title>
        {list.length > 0 && (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Report</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Sent</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((report) => (
                <Table.Tr key={report.id} fw={report.unread ? 700 : undefined}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.referrals.report.getHref(referral.id, report.id)}>
                      {report.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <ReportStatusBadge status={report.status} />
                  </Table.Td>
                  <Table.Td>{report.author?.name ?? '—'}</Table.Td>
                  <Table.Td>{report.submitted_at ? formatDate(report.submitted_at) : 'Not sent'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {list.length === 0 && (
          <Text size="sm" c="gray.7">
            {advice
              ? 'No advice yet. Answer the question here: your advice reaches the sender as a report.'
              : 'No reports yet. When you have seen the patient, write your report back to the referrer here.'}
          </Text>
        )}
        {canWrite && <StartReport referral={referral} advice={advice} />}
      </Stack>
    </Paper>
  );
}
