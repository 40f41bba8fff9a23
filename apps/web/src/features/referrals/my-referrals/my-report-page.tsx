import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@referrals/domain/dates';
import { useParams } from 'react-router';
import { Link } from 'react-router';
import { ReportBody } from '../reports/report-body';
import { paths } from '@/lib/paths';
import { useMyReport } from './my-referral-calls';

/** A report addressed to the signed-in patient, to read (docs/my-referrals.md). */
export function MyReportPage() {
  const { id = '' } = useParams();
  const report = useMyReport(id);
  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={paths.home.getHref()} size="sm">
        Back to my referrals
      </Anchor>
      {report.isPending && <Loader aria-label="Loading the report" />}
      {report.isError && (
        <Alert color="red" variant="light" role="alert" title="This report could not be opened">
          It may not be addressed to you, or it is no longer available.
        </Alert>
      )}
      {report.data !== undefined && (
        <>
          <Stack gap={4}>
            <Title order={1} fz="h2">
              {report.data.title}
            </Title>
            <Text c="gray.7">
              {[
                report.data.author,
                report.data.establishment,
                report.data.submitted_at === null ? null : formatDate(report.data.submitted_at),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <Paper withBorder radius="md" p="lg">
            <ReportBody html={report.data.report_body} />
          </Paper>
        </>
      )}
    </Stack>
  );
}
