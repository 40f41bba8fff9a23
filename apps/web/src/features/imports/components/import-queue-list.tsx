import { Group, Paper, SegmentedControl, Stack, Switch, Text, UnstyledButton } from '@mantine/core';
import { formatDateTime } from '@referrals/domain/dates';
import type { ImportItemSummary, ImportListStatus } from '@referrals/domain/imports/import-schemas';
import { IconMail, IconMessage2Code, IconPaperclip, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { PagedList } from '@/ui/paged-list';
import { useImportQueue } from '../import-calls';
import { Hl7UploadButton } from './hl7-upload-button';
import { ImportStatusBadge } from './import-status-badge';

const STATUS_FILTERS: { value: ImportListStatus; label: string }[] = [
  { value: 'new', label: 'New' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'converted', label: 'Converted' },
  { value: 'all', label: 'All' },
];

const KIND_ICONS = { email: IconMail, fax: IconPrinter, hl7: IconMessage2Code } as const;

function ItemRow({
  item,
  selected,
  onOpen,
}: {
  item: ImportItemSummary;
  selected: boolean;
  onOpen: () => void;
}) {
  const KindIcon = KIND_ICONS[item.kind.value];
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-current={selected ? 'true' : undefined}
      aria-label={`${item.unread ? 'Unread. ' : ''}${item.kind.display} from ${item.sender_name ?? item.sender}: ${item.subject || 'no subject'}`}
      w="100%"
    >
      <Paper
        withBorder
        radius="md"
        p="sm"
        bg={selected ? 'blue.0' : undefined}
        style={{ borderColor: selected ? 'var(--mantine-color-blue-5)' : undefined }}
      >
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap" miw={0}>
              <KindIcon size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text fw={item.unread ? 700 : 500} truncate>
                {item.sender_name ?? item.sender}
              </Text>
            </Group>
            <Text size="xs" c="gray.7" style={{ flexShrink: 0 }}>
              {formatDateTime(item.received_at)}
            </Text>
          </Group>
          <Text size="sm" fw={item.unread ? 600 : 400} truncate>
            {item.subject || '(no subject)'}
          </Text>
          <Group gap="xs">
            <ImportStatusBadge status={item.status} />
            {item.file_count > 0 && (
              <Group gap={2}>
                <IconPaperclip size={14} aria-hidden />
                <Text size="xs" c="gray.7">
                  {item.file_count === 1 ? '1 file' : `${String(item.file_count)} files`}
                </Text>
              </Group>
            )}
            {item.assignee !== null && (
              <Text size="xs" c="gray.7">
                Assigned to {item.assignee.name}
              </Text>
            )}
          </Group>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}

/** The establishment's import queue, newest first, with its status and assignee filters. */
export function ImportQueueList({
  selectedId,
  onOpen,
}: {
  selectedId: string | null;
  onOpen: (id: string) => void;
}) {
  const [status, setStatus] = useState<ImportListStatus>('new');
  const [mine, setMine] = useState(false);
  const [page, setPage] = useState(1);
  const list = useImportQueue({ status, assignee: mine ? 'me' : undefined, page });
  return (
    <PagedList
      list={list}
      what="the import queue"
      countLabel={(count) => (count === 1 ? '1 item' : `${String(count)} items`)}
      page={page}
      onPage={setPage}
      toolbar={
        <Stack gap="xs">
          <SegmentedControl
            aria-label="Show items"
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            data={STATUS_FILTERS}
            fullWidth
          />
          <Switch
            label="Assigned to me"
            checked={mine}
            onChange={(event) => {
              setMine(event.currentTarget.checked);
              setPage(1);
            }}
          />
          <Hl7UploadButton onUploaded={onOpen} />
        </Stack>
      }
      empty={
        <Text c="gray.7">
          {status === 'new'
            ? 'Nothing waiting. Emails and faxes sent to your intake address, and HL7 messages, appear here.'
            : 'No items here.'}
        </Text>
      }
    >
      {(items) => (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Import queue"
        >
          {items.map((item) => (
            <li key={item.id}>
              <ItemRow item={item} selected={item.id === selectedId} onOpen={() => onOpen(item.id)} />
            </li>
          ))}
        </Stack>
      )}
    </PagedList>
  );
}
