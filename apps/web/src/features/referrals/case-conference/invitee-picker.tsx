import { MultiSelect } from '@mantine/core';
import type { CaseConferenceInvitee } from '@referrals/domain/case-conferences/case-conference-schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSelectSearch } from '@/ui/list-search';
import { caseConferenceKey, findCaseConferenceInvitees } from './case-conference-calls';

const sideWord = { sender: 'referring', receiver: 'receiving' } as const;

/**
 * Colleagues of either side of the referral, found by name as one types (GET case/invitees/). The chosen
 * ones are kept here, so they stay shown while the next search brings others.
 */
export function InviteePicker({
  referralId,
  chosen,
  onChange,
  error,
  label = 'Invite colleagues',
}: {
  /** The field's name; the invite dialog, titled so already, names what is chosen. */
  label?: string;
  referralId: string;
  chosen: CaseConferenceInvitee[];
  onChange: (chosen: CaseConferenceInvitee[]) => void;
  error?: string | null;
}) {
  const [search, setSearch] = useState('');
  const { searched } = useSelectSearch(search, null);
  const found = useQuery({
    queryKey: [...caseConferenceKey(referralId), 'invitees', searched],
    queryFn: ({ signal }) => findCaseConferenceInvitees(referralId, searched, signal),
    staleTime: 30_000,
  });
  const known = new Map<string, CaseConferenceInvitee>();
  for (const person of [...chosen, ...(found.data ?? [])]) known.set(person.id, person);
  const data = [...known.values()].map((person) => ({
    value: person.id,
    label: `${person.name} · ${person.establishment.name} (${sideWord[person.side]})`,
  }));
  return (
    <MultiSelect
      label={label}
      description="Staff of the referring or the receiving establishment. They are told in the app and by email."
      placeholder={chosen.length === 0 ? 'Search by name' : undefined}
      data={data}
      value={chosen.map((person) => person.id)}
      onChange={(ids) => onChange(ids.map((id) => known.get(id)).filter((person) => person !== undefined))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched already; every answer it gave is a match.
      filter={({ options }) => options}
      nothingFoundMessage={found.isPending ? 'Searching…' : 'No colleague of this referral by that name'}
      error={error ?? undefined}
      hidePickedOptions
      clearable
      maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
