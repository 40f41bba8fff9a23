import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate } from '@referrals/domain/dates';
import { reportMessagePath } from '@referrals/domain/reports/report-paths';
import type { Report } from '@referrals/domain/reports/report-schemas';
import { IconCircleCheck, IconDownload, IconEye } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { referralsKey } from '@/lib/referrals-key';
import { saveBlob } from '@/lib/save-blob';
import { DownloadButton } from '@/ui/download-button';
import { ReportBody } from './report-body';
import { getReportBlob, reportAction, reportPdfPath } from './report-calls';
import { ReportAttachments, ReportSignature } from './report-files';

const ACTION_LABELS = { underreview: 'Mark under review', review: 'Mark reviewed' } as const;

function downloadPdf(report: Report) {
  getReportBlob(reportPdfPath(report))
    .then((blob) => saveBlob(blob, `report-${report.id.slice(0, 8)}.pdf`))
    .catch(() =>
      notifications.show({
        color: 'red',
        title: 'The PDF could not be downloaded',
        message: 'Please try again.',
      }),
    );
}

/**
 * A report as it is read (spec section 4 Reports): opening it marks it read for the caller's side, and the
 * referrer's first open puts it under review; the referrer then marks it reviewed (or under review again).
 */
export function ReportReadView({
  report,
  onChanged,
}: {
  report: Report;
  onChanged: (report: Report) => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const opened = useRef<string | null>(null);
  useEffect(() => {
    // Once per report per visit; a shared-with reader's open is only recorded.
    if (opened.current === report.id) return;
    opened.current = report.id;
    reportAction(report, 'view')
      .then((next) => {
        onChanged(next);
        return queryClient.invalidateQueries({ queryKey: referralsKey });
      })
      .catch(() => undefined);
  }, [report, onChanged, queryClient]);

  const act = (action: 'underreview' | 'review') => {
    setBusy(action);
    setFailure(null);
    reportAction(report, action)
      .then(async (next) => {
        onChanged(next);
        await queryClient.invalidateQueries({ queryKey: referralsKey });
      })
      .catch(() => setFailure('The report could not be updated. Reload the page and try again.'))
      .finally(() => setBusy(null));
  };
  const actions = report.allowed_actions.filter(
    (action): action is keyof typeof ACTION_LABELS => action === 'underreview' || action === 'review',
  );
  const writer = [report.author?.name, report.referral.to_establishment?.name].filter(Boolean).join(' at ');
  const facts = [
    writer && `Written by ${writer}`,
    report.submitted_at && `sent ${formatDate(report.submitted_at)}`,
    report.reviewed_at && report.reviewed_by
      ? `reviewed by ${report.reviewed_by.name} on ${formatDate(report.reviewed_at)}`
      : null,
  ].filter(Boolean);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="gray.7">
          {facts.length > 0 ? `${facts.join(', ')}.` : ''}
        </Text>
        <Group gap="xs">
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'review' ? 'filled' : 'default'}
              leftSection={action === 'review' ? <IconCircleCheck size={16} /> : <IconEye size={16} />}
              loading={busy === action}
              disabled={busy !== null && busy !== action}
              onClick={() => act(action)}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => downloadPdf(report)}
          >
            Download PDF
          </Button>
          <DownloadButton
            fetchFile={() => getReportBlob(reportMessagePath(report.referral.id, report.id))}
            fileName={`report-${report.id}.hl7`}
            aria-label="Download as an HL7 v2 message"
          >
            Download HL7
          </DownloadButton>
        </Group>
      </Group>
      {failure !== null && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          {report.report_body === '' ? (
            <Text size="sm" c="gray.7">
              The report is in its attached file.
            </Text>
          ) : (
            <ReportBody html={report.report_body} />
          )}
          <ReportSignature report={report} editable={false} />
        </Stack>
      </Paper>
      <ReportAttachments report={report} editable={false} />
    </Stack>
  );
}
