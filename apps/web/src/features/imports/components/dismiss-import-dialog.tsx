import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { REQUIRED_MESSAGE } from '@referrals/domain/field-messages';
import { importDismissReasons, type ImportDismissReason } from '@referrals/domain/imports/import-codes';
import type { ImportItem } from '@referrals/domain/imports/import-schemas';
import { useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { useUpdateImportItem } from '../import-calls';

/** Takes an item out of the queue without a referral, with the reason the activity list shows. */
export function DismissImportDialog({
  item,
  opened,
  onClose,
}: {
  item: ImportItem;
  opened: boolean;
  onClose: () => void;
}) {
  const update = useUpdateImportItem(item);
  const [reason, setReason] = useState<ImportDismissReason | null>(null);
  const [other, setOther] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; other?: string }>({});
  const dismiss = () => {
    if (reason === null) return setErrors({ reason: REQUIRED_MESSAGE });
    if (reason === 'other' && other.trim() === '') return setErrors({ other: REQUIRED_MESSAGE });
    setErrors({});
    update.mutate(
      {
        action: 'dismiss',
        dismissed_reason: reason,
        other_dismissed_reason: reason === 'other' ? other : undefined,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: 'Dismissed', message: 'The item left the queue.' });
          onClose();
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'The item could not be dismissed',
            message:
              error instanceof ApiError && error.detail !== undefined ? error.detail : 'Please try again.',
          }),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Dismiss this item" centered>
      <Stack gap="md">
        <Radio.Group
          label="Why is it not a referral to record?"
          value={reason}
          onChange={(value) => setReason(value)}
          error={errors.reason}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            {importDismissReasons.codes.map((code) => (
              <Radio key={code} value={code} label={importDismissReasons.display(code)} />
            ))}
          </Stack>
        </Radio.Group>
        {reason === 'other' && (
          <Textarea
            label="Reason"
            value={other}
            onChange={(event) => setOther(event.currentTarget.value)}
            error={errors.other}
            withAsterisk
            autosize
            minRows={2}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red.9" onClick={dismiss} loading={update.isPending}>
            Dismiss
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
