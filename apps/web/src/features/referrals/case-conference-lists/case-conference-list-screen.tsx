import { Loader, Stack, Text, Title } from '@mantine/core';
import { PAGE_SIZE } from '@referrals/domain/constants';
import type { CaseConferenceListStatus, ReferralBox } from '@referrals/domain/referrals/referral-lists';
import { useState } from 'react';
import { useProfile } from '@/lib/auth/get-profile';
import { paths } from '@/lib/paths';
import { currentEmployment } from '@/lib/profile-display';
import { ListTabs } from '@/ui/list-tabs';
import { PagedList } from '@/ui/paged-list';
import { CaseConferenceListEmpty } from './case-conference-list-empty';
import { CaseConferenceTable } from './case-conference-table';
import { useInvitedCaseConferences } from './list-invited-case-conferences';

const STATUSES: readonly { status: CaseConferenceListStatus; label: string }[] = [
  { status: 'active', label: 'Active' },
  { status: 'closed', label: 'Closed' },
];

/** The box's list type of a status: the route the tab opens (spec section 2 List types). */
const listHref = (box: ReferralBox, status: CaseConferenceListStatus) =>
  box === 'inbox'
    ? paths.referrals.inbox.getHref(`case-conference-${status}`)
    : paths.referrals.outbox.getHref(`case-conference-${status}`);

/** Active and Closed as links to their routes, in the pill style of the referral lists' tabs. */
function StatusTabs({ box, status }: { box: ReferralBox; status: CaseConferenceListStatus }) {
  return (
    <ListTabs
      label="Case conference lists"
      tabs={STATUSES.map((tab) => ({
        key: tab.status,
        label: tab.label,
        href: listHref(box, tab.status),
        current: tab.status === status,
      }))}
    />
  );
}

type CaseConferenceListProps = {
  box: ReferralBox;
  status: CaseConferenceListStatus;
  establishmentId: string;
};

function CaseConferenceList({ box, status, establishmentId }: CaseConferenceListProps) {
  const [page, setPage] = useState(1);
  const conferences = useInvitedCaseConferences(establishmentId, {
    page,
    page_size: PAGE_SIZE,
    status,
    box,
  });
  return (
    <PagedList
      list={conferences}
      what="the case conferences"
      countLabel={(count) => (count === 1 ? '1 case conference' : `${count} case conferences`)}
      page={page}
      onPage={setPage}
      empty={<CaseConferenceListEmpty status={status} />}
    >
      {(results) => <CaseConferenceTable box={box} status={status} conferences={results} />}
    </PagedList>
  );
}

function intro(box: ReferralBox, establishment: string | undefined) {
  const at = establishment ?? 'your establishment';
  return box === 'inbox'
    ? `Case conferences on referrals sent to ${at} that you started, joined or were invited to.`
    : `Case conferences on referrals sent from ${at} that you started, joined or were invited to.`;
}

/**
 * The Case Conferences of the inbox or the outbox (spec section 2: the case-conference-active and
 * case-conference-closed list types; docs/case-conferences.md): the caller's own conferences at the
 * current establishment, 10 a page, each opening its referral's conference tab.
 */
export function CaseConferenceListScreen({
  box,
  status,
}: {
  box: ReferralBox;
  status: CaseConferenceListStatus;
}) {
  const { data: profile } = useProfile();
  if (profile === undefined) return <Loader aria-label="Loading your profile" />;
  const establishment = currentEmployment(profile)?.establishment;
  return (
    <Stack gap="lg" maw={1240}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Case Conferences
        </Title>
        <Text c="gray.7">{intro(box, establishment?.name)}</Text>
      </Stack>
      <StatusTabs box={box} status={status} />
      {/* Keyed so another establishment, box or status starts at page 1. */}
      <CaseConferenceList
        key={`${establishment?.id ?? 'none'} ${box} ${status}`}
        box={box}
        status={status}
        establishmentId={establishment?.id ?? 'none'}
      />
    </Stack>
  );
}
