import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { flattenFieldErrors } from '@/lib/form-errors';
import { useShareReferral } from '../referral-actions';
import { useEstablishmentSearch } from '../search-establishments';

/** Gives another establishment read access (referral-lifecycle.md share); it appears in their Shared list. */
export function ShareReferralDialog({
  referralId,
  opened,
  onClose,
}: {
  referralId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [establishment, setEstablishment] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const found = useEstablishmentSearch(keyword);
  const share = useShareReferral(referralId);
  const options = (found.data?.results ?? []).map((place) => ({ value: place.id, label: place.name }));

  const submit = () => {
    if (establishment === null) {
      setError('This field is required.');
      return;
    }
    share.mutate(
      { establishment },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: 'Referral shared', message: '' });
          onClose();
        },
        onError: (failure) => {
          const fields = failure instanceof ApiError ? failure.fieldErrors : undefined;
          const messages = fields === undefined ? [] : Object.values(flattenFieldErrors(fields));
          setError(messages[0] ?? 'The referral could not be shared. Please try again.');
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Share this referral" centered>
      <Stack gap="lg">
        <Text size="sm" c="gray.7">
          The establishment can read the referral and its attachments. It cannot act on it or share it on.
        </Text>
        <Select
          label="Establishment"
          placeholder="Search by name"
          searchable
          withAsterisk
          data={options}
          value={establishment}
          onChange={(value) => {
            setEstablishment(value);
            setError(null);
          }}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={found.isFetching ? 'Searching…' : 'No establishment found'}
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={share.isPending} onClick={submit}>
            Share
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
