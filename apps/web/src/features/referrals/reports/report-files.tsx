import { Alert, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Report, ReportFile } from '@referrals/domain/reports/report-schemas';
import { IconDownload, IconPaperclip, IconSignature, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { useObjectUrl } from '@/lib/use-object-url';
import { saveBlob } from '@/lib/save-blob';
import {
  getReportBlob,
  removeReportFile,
  reportsKey,
  signWithProfileSignature,
  uploadReportFile,
} from './report-calls';

/**
 * The report file failure of spec section 8: 'The file {name} cannot be uploaded.' plus the server's text
 * and 'Please try again, or contact your system administrator.'
 */
export function reportFileFailure(name: string, error: unknown): string {
  const fields = error instanceof ApiError ? error.fieldErrors : undefined;
  const first = (key: string) => {
    const value = fields?.[key];
    return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
  };
  const reason =
    first('file') ?? first('non_field_errors') ?? (error instanceof ApiError ? error.detail : undefined);
  return [
    `The file ${name} cannot be uploaded.`,
    reason,
    'Please try again, or contact your system administrator.',
  ]
    .filter(Boolean)
    .join(' ');
}

function download(file: ReportFile) {
  getReportBlob(file.file)
    .then((blob) => saveBlob(blob, file.original_name))
    .catch(() =>
      notifications.show({
        color: 'red',
        title: 'The file could not be downloaded',
        message: 'Please try again.',
      }),
    );
}

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type FilesProps = {
  report: Report;
  /** The author's draft: files can be added and removed. */
  editable: boolean;
  onChanged?: (report: Report) => void;
};

/** The report's attachments: download for everyone who reads it; add and remove while it is a draft. */
export function ReportAttachments({ report, editable, onChanged }: FilesProps) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = async (files: FileList | null) => {
    if (files === null || files.length === 0) return;
    setBusy(true);
    setFailure(null);
    let latest = report;
    for (const file of Array.from(files)) {
      try {
        latest = await uploadReportFile(latest, 'attachments', file);
        onChanged?.(latest);
      } catch (error) {
        setFailure(reportFileFailure(file.name, error));
      }
    }
    setBusy(false);
    if (input.current) input.current.value = '';
  };
  const remove = (file: ReportFile) => {
    removeReportFile(report, { attachment: file.id })
      .then((next) => onChanged?.(next))
      .catch(() => setFailure(`The file ${file.original_name} could not be removed. Please try again.`));
  };
  const files = [...report.report_uploads, ...report.report_attachments];
  if (!editable && files.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Attachments
        </Title>
        {files.length === 0 && (
          <Text size="sm" c="gray.7">
            No files yet. Add results, images or letters the referrer should have (PDF, images, Word, Excel,
            PowerPoint or RTF, up to 5 MB each).
          </Text>
        )}
        {files.map((file) => (
          <Group key={file.id} justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <IconPaperclip size={16} aria-hidden />
              <Text size="sm">{file.original_name}</Text>
              <Text size="xs" c="gray.7">
                {sizeText(file.size)}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconDownload size={14} />}
                onClick={() => download(file)}
                aria-label={`Download ${file.original_name}`}
              >
                Download
              </Button>
              {editable && file.kind === 'attachment' && (
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => remove(file)}
                  aria-label={`Remove ${file.original_name}`}
                >
                  Remove
                </Button>
              )}
            </Group>
          </Group>
        ))}
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {editable && (
          <Group>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              aria-label="Files to attach"
              onChange={(event) => void upload(event.currentTarget.files)}
            />
            <Button
              variant="default"
              leftSection={<IconPaperclip size={16} />}
              loading={busy}
              onClick={() => input.current?.click()}
            >
              Add a file
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The signature image, fetched behind the bearer token. */
function SignatureImage({ report }: { report: Report }) {
  const path = report.signature ?? '';
  const blob = useQuery({
    queryKey: [...reportsKey, 'signature', report.id, report.version],
    queryFn: ({ signal }) => getReportBlob(path, signal),
    enabled: report.signature !== null,
  });
  const url = useObjectUrl(blob.data);
  if (url === null) return null;
  return (
    <Image
      src={url}
      alt={`Signature of ${report.author?.name ?? 'the author'}`}
      h={64}
      w="auto"
      fit="contain"
    />
  );
}

/** The signature: shown when there is one; the author signs a draft with the profile's signature. */
export function ReportSignature({ report, editable, onChanged }: FilesProps) {
  const [failure, setFailure] = useState<string | null>(null);
  if (!editable) return report.signature === null ? null : <SignatureImage report={report} />;
  const sign = () => {
    setFailure(null);
    signWithProfileSignature(report)
      .then((next) => onChanged?.(next))
      .catch((error: unknown) =>
        setFailure(
          error instanceof ApiError && error.fieldErrors !== undefined
            ? reportFileFailure('signature', error)
            : 'The report could not be signed. Please try again.',
        ),
      );
  };
  const unsign = () => {
    removeReportFile(report, 'signature')
      .then((next) => onChanged?.(next))
      .catch(() => setFailure('The signature could not be removed. Please try again.'));
  };
  return (
    <Stack gap="xs">
      {report.signature !== null && <SignatureImage report={report} />}
      <Group gap="xs">
        {report.signature === null ? (
          <Button variant="default" leftSection={<IconSignature size={16} />} onClick={sign}>
            Sign with my signature
          </Button>
        ) : (
          <Button variant="subtle" color="red" onClick={unsign}>
            Remove the signature
          </Button>
        )}
      </Group>
      {failure !== null && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
