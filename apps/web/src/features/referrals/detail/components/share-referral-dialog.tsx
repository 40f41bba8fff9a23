import { Alert, Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { personName } from '@referrals/domain/people/person-name';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { useState } from 'react';
import { useProfile } from '@/lib/auth/get-profile';
import { showSaveError } from '@/lib/form-errors';
import { currentEmployment } from '@/lib/profile-display';
import { useShareReferral } from '../referral-actions';
import { useEstablishmentSearch } from '../search-establishments';

type Target = 'establishment' | 'colleague';

const REQUIRED = 'This field is required.';

/**
 * The colleagues a referral may be shared with: the profile's connections who hold an approved employment
 * at the current establishment, the one the server checks the colleague against.
 */
function colleagueOptions(profile: Profile | undefined): { value: string; label: string }[] {
  if (profile === undefined) return [];
  const here = currentEmployment(profile)?.establishment.id;
  return profile.connections
    .filter((person) => person.establishments.some((place) => place.id === here))
    .map((person) => ({ value: person.id, label: personName(person) }));
}

/**
 * Gives another establishment or a colleague read access (referral-lifecycle.md share); it appears in
 * their Shared list.
 */
export function ShareReferralDialog({
  referralId,
  opened,
  onClose,
}: {
  referralId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const [target, setTarget] = useState<Target>('establishment');
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<Record<Target, string | null>>({
    establishment: null,
    colleague: null,
  });
  const [errors, setErrors] = useState<Partial<Record<Target, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const found = useEstablishmentSearch(keyword);
  const { data: profile } = useProfile();
  const share = useShareReferral(referralId);
  const places = (found.data?.results ?? []).map((place) => ({ value: place.id, label: place.name }));
  const colleagues = colleagueOptions(profile);

  const choose = (value: string | null) => {
    setChosen((before) => ({ ...before, [target]: value }));
    setErrors({});
    setFormError(null);
  };

  const submit = () => {
    const id = chosen[target];
    if (id === null) {
      setErrors({ [target]: REQUIRED });
      return;
    }
    share.mutate(target === 'establishment' ? { establishment: id } : { colleague: id }, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: 'Referral shared', message: '' });
        onClose();
      },
      onError: (failure) =>
        showSaveError(failure, {
          fields: [target],
          onField: (field, message) => setErrors({ [field]: message }),
          onForm: setFormError,
          fallback: 'The referral could not be shared. Please try again.',
        }),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Share this referral" centered>
      <Stack gap="lg">
        <Radio.Group
          label="Share with"
          value={target}
          onChange={(value) => {
            setTarget(value);
            setErrors({});
            setFormError(null);
          }}
        >
          <Group gap="lg" mt="xs">
            <Radio value="establishment" label="Another establishment" />
            <Radio value="colleague" label="A colleague" />
          </Group>
        </Radio.Group>
        <Text size="sm" c="gray.7">
          {target === 'establishment'
            ? 'The establishment can read the referral and its attachments. It cannot act on it or share it on.'
            : 'Your colleague finds it in their Shared list and can read it and its attachments, but cannot act on it or share it on.'}
        </Text>
        {target === 'establishment' ? (
          <Select
            key="establishment"
            label="Establishment"
            placeholder="Search by name"
            searchable
            withAsterisk
            data={places}
            value={chosen.establishment}
            onChange={choose}
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            nothingFoundMessage={found.isFetching ? 'Searching…' : 'No establishment found'}
            error={errors.establishment}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Select
            key="colleague"
            label="Colleague"
            placeholder="Search by name"
            description="People approved at your establishment."
            searchable
            withAsterisk
            data={colleagues}
            value={chosen.colleague}
            onChange={choose}
            nothingFoundMessage="No colleague found"
            error={errors.colleague}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {formError !== null && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
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
