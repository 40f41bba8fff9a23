import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DEFAULT_REPORT_TITLE } from '@referrals/domain/constants';
import type { Report } from '@referrals/domain/reports/report-schemas';
import { IconDeviceFloppy, IconSend, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { referralsKey } from '@/lib/referrals-key';
import { deleteReport, reportAction, saveReport } from './report-calls';
import { ReportAttachments, ReportSignature } from './report-files';

// The editor is its own chunk, loaded when a report is written (issue 25: the first screen's budget).
const ReportEditor = lazy(() => import('./report-editor'));

const firstMessage = (error: unknown, field: string): string | undefined => {
  const value = error instanceof ApiError ? error.fieldErrors?.[field] : undefined;
  return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
};

/**
 * A draft report as its author writes it (spec section 2: /referrals/:id/report/:reportID): title, the
 * rich-text body, attachments and signature, and whether the patient gets it too (section 3 Report
 * recipients); saved as a draft, sent, or deleted.
 */
export function ReportWriteForm({ report, onSaved }: { report: Report; onSaved: (report: Report) => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [title, setTitle] = useState(report.title);
  const [body, setBody] = useState(report.report_body);
  const [track, setTrack] = useState(report.track_email_notification);
  // A report always goes to the referrer; the patient reads it too when it is addressed to them
  // (their own account, or the link their referral's emails carry).
  const [toPatient, setToPatient] = useState(report.recipients.some((r) => r.type === 'patient'));
  const [busy, setBusy] = useState<'save' | 'submit' | 'delete' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const labelId = useId();
  const bodyErrorId = useId();

  const refresh = () => queryClient.invalidateQueries({ queryKey: referralsKey });
  const save = () =>
    saveReport(report, {
      title: title.trim() || DEFAULT_REPORT_TITLE,
      report_body: body,
      track_email_notification: track,
      recipients: toPatient ? [{ type: 'referrer' }, { type: 'patient' }] : [{ type: 'referrer' }],
    });
  const run = async (what: 'save' | 'submit') => {
    setBusy(what);
    setError(null);
    try {
      let next = await save();
      if (what === 'submit') next = await reportAction(next, 'submit');
      onSaved(next);
      await refresh();
      if (what === 'save') {
        notifications.show({
          color: 'green',
          title: 'Draft saved',
          message: 'Your report is saved as a draft.',
        });
      }
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  };
  const remove = async () => {
    setBusy('delete');
    try {
      await deleteReport(report);
      await refresh();
      await navigate(paths.referrals.detail.getHref(report.referral.id));
    } catch (caught) {
      setError(caught);
      setBusy(null);
      setConfirmDelete(false);
    }
  };
  const bodyError = firstMessage(error, 'report_body');
  const general =
    error === null || bodyError !== undefined || firstMessage(error, 'title') !== undefined
      ? null
      : error instanceof ApiError && error.status === 409
        ? 'This report was changed elsewhere since you opened it. Reload the page to see the latest version.'
        : 'The report could not be saved. Please try again.';

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <TextInput
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            maxLength={200}
            error={firstMessage(error, 'title')}
          />
          <Stack gap={6}>
            <Text id={labelId} fw={500} size="sm">
              Report
            </Text>
            <Suspense fallback={<Loader size="sm" aria-label="Loading the editor" />}>
              <ReportEditor
                value={body}
                onChange={setBody}
                labelId={labelId}
                describedBy={bodyError ? bodyErrorId : undefined}
              />
            </Suspense>
            {bodyError !== undefined && (
              <Text id={bodyErrorId} size="sm" c="red.8" role="alert">
                {bodyError}
              </Text>
            )}
          </Stack>
          <Checkbox
            label="Send it to the patient too"
            description="The patient reads it in their own account or through the link emailed to them."
            checked={toPatient}
            onChange={(event) => setToPatient(event.currentTarget.checked)}
          />
          <Checkbox
            label="Email me when the referrer opens it"
            checked={track}
            onChange={(event) => setTrack(event.currentTarget.checked)}
          />
          <Stack gap={6}>
            <Title order={2} size="h5">
              Signature
            </Title>
            <ReportSignature report={report} editable onChanged={onSaved} />
          </Stack>
        </Stack>
      </Paper>
      <ReportAttachments report={report} editable onChanged={onSaved} />
      {general !== null && (
        <Alert color="red" variant="light" role="alert">
          {general}
        </Alert>
      )}
      <Group justify="space-between">
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => setConfirmDelete(true)}
          disabled={busy !== null}
        >
          Delete draft
        </Button>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={16} />}
            loading={busy === 'save'}
            disabled={busy !== null && busy !== 'save'}
            onClick={() => void run('save')}
          >
            Save draft
          </Button>
          <Button
            leftSection={<IconSend size={16} />}
            loading={busy === 'submit'}
            disabled={busy !== null && busy !== 'submit'}
            onClick={() => void run('submit')}
          >
            {toPatient ? 'Send to the referrer and the patient' : 'Send to the referrer'}
          </Button>
        </Group>
      </Group>
      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Delete this draft?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">The draft and its files are deleted for good. The referrer never saw it.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              Keep the draft
            </Button>
            {/* Red 9: white on the theme's filled red (shade 7) is 3.8:1, short of WCAG AA's 4.5:1. */}
            <Button color="red.9" loading={busy === 'delete'} onClick={() => void remove()}>
              Delete draft
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
