import { Select } from '@mantine/core';
import type { ReferralListFilters } from '@referrals/domain/referrals/referral-list-search';
import { useState } from 'react';
import { useSelectSearch } from '@/ui/list-search';
import { useMyReferralTags } from '../api/list-my-referral-tags';

type MyTags = ReferralListFilters['myTags'];

// A label is trimmed text, so neither value below can be mistaken for another label's.
const EVERYTHING_I_TAGGED = 'everything';
const LABEL_PREFIX = 'label:';

const optionOf = (myTags: MyTags): string | null =>
  myTags === false ? null : myTags === true ? EVERYTHING_I_TAGGED : `${LABEL_PREFIX}${myTags}`;

const myTagsOf = (option: string | null): MyTags =>
  option === null ? false : option === EVERYTHING_I_TAGGED ? true : option.slice(LABEL_PREFIX.length);

type MyTagsSelectProps = {
  establishmentId: string;
  value: MyTags;
  onChange: (myTags: MyTags) => void;
};

const EVERYTHING_I_TAGGED_LABEL = 'Everything I tagged';

/**
 * "My tags" (spec section 3 Saved list filters, myTags): everything the user tagged, or the referrals
 * carrying one of the labels they have tagged with here (GET referrals/tags/). The first 100 labels are
 * offered; what the user types is also asked of the server, so a label beyond them is found too.
 */
export function MyTagsSelect({ establishmentId, value, onChange }: MyTagsSelectProps) {
  // Read once the list opens: most visits to a list never filter by tag.
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const chosen = value === false ? null : value === true ? EVERYTHING_I_TAGGED_LABEL : value;
  const { searched, waiting } = useSelectSearch(search, chosen);
  const { data, isFetching } = useMyReferralTags(establishmentId, searched, { enabled: opened });
  const labels = data?.results.map((tag) => tag.label) ?? [];
  // The remembered label shows before the labels are read, and after its last tag is gone.
  if (typeof value === 'string' && !labels.some((label) => label.toLowerCase() === value.toLowerCase())) {
    labels.unshift(value);
  }
  return (
    <Select
      label="My tags"
      placeholder="Any referral"
      data={[
        { value: EVERYTHING_I_TAGGED, label: EVERYTHING_I_TAGGED_LABEL },
        ...labels.map((label) => ({ value: `${LABEL_PREFIX}${label}`, label })),
      ]}
      value={optionOf(value)}
      onChange={(option) => onChange(myTagsOf(option))}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      searchable
      clearable
      nothingFoundMessage={isFetching || waiting ? 'Loading your tags…' : 'None of your tags matches'}
      w={200}
    />
  );
}
