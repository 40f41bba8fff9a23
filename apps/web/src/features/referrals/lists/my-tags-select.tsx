import { Select } from '@mantine/core';
import type { ReferralListFilters } from '@referrals/domain/referrals/referral-list-search';
import { useState } from 'react';
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

/**
 * "My tags" (spec section 3 Saved list filters, myTags): everything the user tagged, or the referrals
 * carrying one of the labels they have tagged with here (GET referrals/tags/).
 */
export function MyTagsSelect({ establishmentId, value, onChange }: MyTagsSelectProps) {
  // Read once the list opens: most visits to a list never filter by tag.
  const [opened, setOpened] = useState(false);
  const { data, isFetching } = useMyReferralTags(establishmentId, { enabled: opened });
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
        { value: EVERYTHING_I_TAGGED, label: 'Everything I tagged' },
        ...labels.map((label) => ({ value: `${LABEL_PREFIX}${label}`, label })),
      ]}
      value={optionOf(value)}
      onChange={(option) => onChange(myTagsOf(option))}
      onDropdownOpen={() => setOpened(true)}
      searchable
      clearable
      nothingFoundMessage={isFetching ? 'Loading your tags…' : 'None of your tags matches'}
      w={200}
    />
  );
}
