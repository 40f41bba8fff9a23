import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@referrals/domain/dates';
import type { MyReport } from '@referrals/domain/my-referrals/my-referral-schemas';
import { useQueryAccessFailure, useVerifiedAccess } from '../access-context';
import { getExternalReportLetter } from '../api/external-files';
import { useExternalReports } from '../api/get-external-reports';
import { AccessNav } from '../components/access-nav';
import { AccessPage } from '../components/access-page';
import { DownloadButton } from '../components/download-button';
import { ReferralHeading } from '../components/referral-heading';
import type { ReportBodySlot } from '../report-body-slot';

function ReportCard({ report, reportBody }: { report: MyReport; reportBody: ReportBodySlot }) {
  const { access } = useVerifiedAccess();
  const titleId = `report-${report.id}`;
  return (
    <Paper
      withBorder
      radius="lg"
      shadow="xs"
      p={{ base: 'md', sm: 'xl' }}
      component="article"
      aria-labelledby={titleId}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 240px' }}>
            <Title order={2} fz="h3" id={titleId}>
              {report.title}
            </Title>
            <Text size="sm" c="gray.7">
              {[
                report.author,
                report.establishment,
                report.submitted_at === null ? null : formatDate(report.submitted_at),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <DownloadButton
            size="sm"
            fetchFile={() => getExternalReportLetter(access, report.id)}
            fileName={`report-${report.id.slice(0, 8)}.pdf`}
            aria-label={`Download PDF of ${report.title}`}
          >
            Download PDF
          </DownloadButton>
        </Group>
        {report.report_body === '' ? (
          <Text c="gray.7">This report has no text; its letter is in the PDF.</Text>
        ) : (
          reportBody({ html: report.report_body })
        )}
      </Stack>
    </Paper>
  );
}

function ReportList({ reportBody }: { reportBody: ReportBodySlot }) {
  const { access, referral } = useVerifiedAccess();
  const reports = useExternalReports(access);
  useQueryAccessFailure(reports.error);
  return (
    <Stack gap="lg">
      <ReferralHeading />
      <AccessNav current="reports" />
      {reports.isPending && <Loader aria-label="Loading the reports" />}
      {reports.isError && (
        <Text c="red.8" role="alert">
          The reports could not be loaded. Please reload the page.
        </Text>
      )}
      {reports.data?.length === 0 && (
        <Paper withBorder radius="lg" p="lg">
          <Text>
            No reports yet. When {referral.receiver ?? 'the clinic'} sends a report to you, it appears here.
          </Text>
        </Paper>
      )}
      {reports.data?.map((report) => (
        <ReportCard key={report.id} report={report} reportBody={reportBody} />
      ))}
    </Stack>
  );
}

/**
 * /external-clinical-reports?access=…: the clinical reports addressed to the link's reader (the referrer for a
 * sender, the patient for the patient's side), each with its text and its letter as a PDF.
 */
export function ExternalClinicalReportsPage({ reportBody }: { reportBody: ReportBodySlot }) {
  return (
    <AccessPage title="Clinical reports" purpose="the clinical reports" base="reports">
      <ReportList reportBody={reportBody} />
    </AccessPage>
  );
}
