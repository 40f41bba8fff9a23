import { Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import {
  referralListSorts,
  referralSearchTypes,
  type ReferralListFilters,
  type ReferralSearchType,
} from '@referrals/domain/referrals/referral-list-search';
import { ListSearchInput } from '@/ui/list-search';
import { MyTagsSelect } from './my-tags-select';
import { isDraftList, type ReferralListSource } from './referral-list-source';

const searchTypeOptions = referralSearchTypes.codes.map((code) => ({
  value: code,
  label: referralSearchTypes.display(code),
}));
const sortOptions = referralListSorts.codes.map((code) => ({
  value: code,
  label: referralListSorts.display(code),
}));

/** What each search type matches, as the API searches it (section 7 Referrals). */
const SEARCH_PLACEHOLDERS: Record<ReferralSearchType, string> = {
  all: 'Patient name, MRN or referral ID',
  patient: 'Patient first or last name',
  referrer: 'Referrer name',
  specialist: 'Specialist or establishment name',
  mrn: 'Medical record number',
  referral_id: 'Referral ID or its first characters',
};

type ToolbarProps = {
  source: ReferralListSource;
  /** The current establishment: "My tags" offers the labels the user tagged with there. */
  establishmentId: string;
  filters: ReferralListFilters;
  busy: boolean;
  onSearch: (keyword: string) => void;
  onFilter: (patch: Partial<ReferralListFilters>) => void;
  onShowReferralId: (show: boolean) => void;
};

/** Search by type, submitted date range, sort and the list switches (spec section 3 Saved list filters). */
export function ReferralListToolbar({
  source,
  establishmentId,
  filters,
  busy,
  onSearch,
  onFilter,
  onShowReferralId,
}: ToolbarProps) {
  const drafts = isDraftList(source);
  const inBox = source.box === 'inbox' || source.box === 'outbox';
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Search by"
          data={searchTypeOptions}
          value={filters.searchType}
          onChange={(value) => {
            if (referralSearchTypes.isCode(value)) onFilter({ searchType: value });
          }}
          allowDeselect={false}
          w={150}
        />
        <ListSearchInput
          label="Search referrals"
          placeholder={SEARCH_PLACEHOLDERS[filters.searchType]}
          busy={busy}
          value={filters.search}
          onSearch={onSearch}
          style={{ flex: '1 1 240px' }}
        />
        {!drafts && (
          <Select
            label="Sort"
            data={sortOptions}
            value={filters.sort}
            onChange={(value) => {
              if (referralListSorts.isCode(value)) onFilter({ sort: value });
            }}
            allowDeselect={false}
            w={230}
          />
        )}
      </Group>
      <Group gap="lg" align="flex-end" wrap="wrap">
        {!drafts && (
          <Group gap="sm" align="flex-end">
            <TextInput
              type="date"
              label="Submitted from"
              value={filters.submittedAfter}
              max={filters.submittedBefore || undefined}
              onChange={(event) => onFilter({ submittedAfter: event.currentTarget.value })}
              w={170}
            />
            <TextInput
              type="date"
              label="Submitted to"
              value={filters.submittedBefore}
              min={filters.submittedAfter || undefined}
              onChange={(event) => onFilter({ submittedBefore: event.currentTarget.value })}
              w={170}
            />
          </Group>
        )}
        <MyTagsSelect
          establishmentId={establishmentId}
          value={filters.myTags}
          onChange={(myTags) => onFilter({ myTags })}
        />
        <Group gap="lg" pb={6}>
          <Switch
            label="My referrals"
            checked={filters.myReferral}
            onChange={(event) => onFilter({ myReferral: event.currentTarget.checked })}
          />
          {inBox && !drafts && (
            <Switch
              label="Archived"
              checked={filters.archiveEnabled}
              onChange={(event) => onFilter({ archiveEnabled: event.currentTarget.checked })}
            />
          )}
          <Switch
            label="Show referral ID"
            checked={filters.showReferralId}
            onChange={(event) => onShowReferralId(event.currentTarget.checked)}
          />
        </Group>
      </Group>
    </Stack>
  );
}
