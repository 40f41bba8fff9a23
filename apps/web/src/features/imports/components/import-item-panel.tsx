import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Spoiler,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDateTime } from '@referrals/domain/dates';
import { EstablishmentSchema } from '@referrals/domain/establishments/establishment-schemas';
import { allowedImportActions } from '@referrals/domain/imports/import-lifecycle';
import type { ImportItem } from '@referrals/domain/imports/import-schemas';
import { personName } from '@referrals/domain/people/person-name';
import { IconArrowBackUp, IconFileImport, IconMailOpened, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { useImportItem, useUpdateImportItem } from '../import-calls';
import { ConvertImportForm } from './convert-import-form';
import { DismissImportDialog } from './dismiss-import-dialog';
import { Hl7MessageDetails } from './hl7-message-details';
import { ImportActivityList } from './import-activity-list';
import { ImportFilePreview } from './import-file-preview';
import { ImportStatusBadge } from './import-status-badge';

/** Who sent it: a mail's name and address, or an HL7 message's referrer and sending facility. */
function senderOf({ kind, sender, sender_name }: ImportItem): string {
  if (sender_name === null) return sender;
  return kind.value === 'hl7' ? `${sender_name} at ${sender}` : `${sender_name} <${sender}>`;
}

/** The establishment's doctors, whom an item may be given to (as triage assigns a referral). */
function useColleagues(establishmentId: string) {
  return useQuery({
    queryKey: ['establishments', establishmentId, 'doctors'],
    queryFn: ({ signal }) =>
      apiClient(`/api/establishments/${encodeURIComponent(establishmentId)}/`, {
        query: { include_doctors: true },
        schema: EstablishmentSchema,
        signal,
      }),
  });
}

function failed(title: string) {
  return (error: unknown) =>
    notifications.show({
      color: 'red',
      title,
      message: error instanceof ApiError && error.detail !== undefined ? error.detail : 'Please try again.',
    });
}

function AssigneeSelect({ item, establishmentId }: { item: ImportItem; establishmentId: string }) {
  const colleagues = useColleagues(establishmentId);
  const update = useUpdateImportItem(item);
  const doctors = (colleagues.data?.doctors ?? []).map((doctor) => ({
    value: doctor.id,
    label: personName(doctor),
  }));
  const current = item.assignee;
  const options =
    current === null || doctors.some((doctor) => doctor.value === current.id)
      ? doctors
      : [{ value: current.id, label: current.name }, ...doctors];
  return (
    <Select
      label="Assigned to"
      placeholder="No one"
      data={options}
      value={current?.id ?? null}
      clearable
      disabled={update.isPending}
      onChange={(assignee) =>
        update.mutate({ action: 'assign', assignee }, { onError: failed('The item could not be assigned') })
      }
      w={260}
    />
  );
}

function ItemActions({
  item,
  establishmentId,
  onConvert,
}: {
  item: ImportItem;
  establishmentId: string;
  onConvert: () => void;
}) {
  const allowed = allowedImportActions(item.status.value);
  const update = useUpdateImportItem(item);
  const [dismissing, setDismissing] = useState(false);
  return (
    <Group align="flex-end" gap="sm">
      {allowed.includes('assign') && <AssigneeSelect item={item} establishmentId={establishmentId} />}
      {allowed.includes('convert') && (
        <Button leftSection={<IconFileImport size={16} />} onClick={onConvert}>
          Convert to referral
        </Button>
      )}
      {allowed.includes('dismiss') && (
        <Button
          variant="default"
          color="red.9"
          leftSection={<IconTrash size={16} />}
          onClick={() => setDismissing(true)}
        >
          Dismiss
        </Button>
      )}
      {allowed.includes('restore') && (
        <Button
          variant="default"
          leftSection={<IconArrowBackUp size={16} />}
          loading={update.isPending}
          onClick={() =>
            update.mutate({ action: 'restore' }, { onError: failed('The item could not be put back') })
          }
        >
          Put back in the queue
        </Button>
      )}
      <Button
        variant="subtle"
        leftSection={<IconMailOpened size={16} />}
        onClick={() =>
          update.mutate(
            { action: 'unread' },
            {
              onSuccess: () => notifications.show({ color: 'green', title: 'Marked unread', message: '' }),
              onError: failed('The item could not be marked unread'),
            },
          )
        }
      >
        Mark unread
      </Button>
      <DismissImportDialog item={item} opened={dismissing} onClose={() => setDismissing(false)} />
    </Group>
  );
}

/**
 * Opening an unread item marks it read for the establishment (PATCH read: a GET changes nothing, and the
 * first reading is what the activity records as opened). Once per item shown, not again after Mark unread.
 */
function useMarkOpened(item: ImportItem | undefined) {
  const update = useUpdateImportItem({
    id: item?.id ?? '',
    kind: item?.kind ?? { value: 'email', display: '' },
  });
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (item === undefined || !item.unread || marked.current === item.id) return;
    marked.current = item.id;
    update.mutate({ action: 'read' });
  }, [item, update]);
}

/** One item of the queue: who sent it, its attachments shown in the page, what to do with it. */
export function ImportItemPanel({ itemId, establishmentId }: { itemId: string; establishmentId: string }) {
  const item = useImportItem(itemId);
  const [converting, setConverting] = useState(false);
  useMarkOpened(item.data);
  if (item.isPending) return <Loader aria-label="Loading the item" />;
  if (item.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {item.error instanceof ApiError && item.error.status === 404
          ? 'This item is not in your establishment’s queue.'
          : 'The item could not be loaded. Please try again.'}
      </Alert>
    );
  }
  const data = item.data;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="import-item-title">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Title order={2} fz="h3" id="import-item-title">
                {data.subject || '(no subject)'}
              </Title>
              <Text size="sm" c="gray.7">
                {data.kind.display} from {senderOf(data)} · received {formatDateTime(data.received_at)}
              </Text>
            </Stack>
            <ImportStatusBadge status={data.status} />
          </Group>
          {data.referral !== null && (
            <Alert color="teal" variant="light">
              Recorded as a referral.{' '}
              <Anchor component={Link} to={paths.referrals.detail.getHref(data.referral.id)}>
                Open the referral
              </Anchor>
            </Alert>
          )}
          {data.dismissed_reason !== null && (
            <Alert color="gray" variant="light">
              This item was dismissed: {data.dismissed_reason.display}
              {data.other_dismissed_reason ? ` (${data.other_dismissed_reason})` : ''}.
            </Alert>
          )}
          {!converting && (
            <ItemActions
              item={data}
              establishmentId={establishmentId}
              onConvert={() => setConverting(true)}
            />
          )}
        </Stack>
      </Paper>
      {data.message_details !== null && !converting && <Hl7MessageDetails details={data.message_details} />}
      {converting && (
        <ConvertImportForm
          item={data}
          establishmentId={establishmentId}
          onCancel={() => setConverting(false)}
        />
      )}
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="import-files-title">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="import-files-title">
            Attachments
          </Title>
          <ImportFilePreview itemId={data.id} files={data.files} />
        </Stack>
      </Paper>
      {data.body_text !== null && data.body_text.trim() !== '' && (
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="import-text-title">
          <Stack gap="sm">
            <Title order={2} fz="h4" id="import-text-title">
              Message
            </Title>
            <Spoiler maxHeight={120} showLabel="Show the whole message" hideLabel="Show less">
              <Text style={{ whiteSpace: 'pre-wrap' }}>{data.body_text}</Text>
            </Spoiler>
          </Stack>
        </Paper>
      )}
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="import-activity-title">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="import-activity-title">
            Activity
          </Title>
          <ImportActivityList itemId={data.id} />
        </Stack>
      </Paper>
    </Stack>
  );
}
