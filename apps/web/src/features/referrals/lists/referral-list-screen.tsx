import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { AWAITING_APPROVAL_HINT, canSeePatientData } from '@referrals/domain/people/access-rules';
import {
  inboxListTypes,
  outboxListTypes,
  triageCategories,
  type InboxListType,
  type OutboxListType,
} from '@referrals/domain/referrals/referral-codes';
import { referralConditionFilters } from '@referrals/domain/referrals/referral-dashboard';
import { Link, useSearchParams } from 'react-router';
import { useProfile } from '@/lib/auth/get-profile';
import { paths } from '@/lib/paths';
import { currentEmployment } from '@/lib/profile-display';
import { ListTabs } from '@/ui/list-tabs';
import { ReferralList } from './referral-list';
import { isDraftList, type ReferralListNarrowing, type ReferralListSource } from './referral-list-source';

/** The dashboard's narrowing from the page address; an unknown value is ignored, not sent. */
export function useListNarrowing(): ReferralListNarrowing {
  const [search] = useSearchParams();
  const condition = search.get('condition');
  const category = search.get('triage_category');
  return {
    condition: referralConditionFilters.isCode(condition) ? condition : undefined,
    triage_category: triageCategories.isCode(category) ? category : undefined,
  };
}

/** Says the list shows only what a dashboard item counted, with the way back to the whole list. */
function NarrowingNote({ source }: { source: ReferralListSource }) {
  if (source.box !== 'inbox' && source.box !== 'outbox') return null;
  const { condition, triage_category: category } = source;
  if (condition === undefined && category === undefined) return null;
  const label = [
    condition === undefined ? undefined : referralConditionFilters.display(condition),
    category === undefined ? undefined : triageCategories.display(category),
  ]
    .filter(Boolean)
    .join(', ');
  const whole =
    source.box === 'inbox'
      ? paths.referrals.inbox.getHref(source.type)
      : paths.referrals.outbox.getHref(source.type);
  return (
    <Group gap="sm" role="status">
      <Text size="sm">Showing only</Text>
      <Badge variant="light" size="lg" radius="sm" tt="none">
        {label}
      </Badge>
      <Button component={Link} to={whole} variant="subtle" size="compact-sm">
        Show the whole list
      </Button>
    </Group>
  );
}

// Drafts and the case conferences have side-nav entries of their own, so the tabs leave them out.
const ownNavEntry = (type: string) => type === 'drafts' || type.startsWith('case-conference');
const inboxTabs = inboxListTypes.codes.filter((type) => !ownNavEntry(type));
const outboxTabs = outboxListTypes.codes.filter((type) => !ownNavEntry(type));

function ListTypeTabs({ source }: { source: ReferralListSource }) {
  if ((source.box !== 'inbox' && source.box !== 'outbox') || isDraftList(source)) return null;
  const tabs =
    source.box === 'inbox'
      ? inboxTabs.map((type: InboxListType) => ({
          type,
          label: inboxListTypes.display(type),
          href: paths.referrals.inbox.getHref(type),
        }))
      : outboxTabs.map((type: OutboxListType) => ({
          type,
          label: outboxListTypes.display(type),
          href: paths.referrals.outbox.getHref(type),
        }));
  return (
    <ListTabs
      label={source.box === 'inbox' ? 'Inbox lists' : 'Outbox lists'}
      tabs={tabs.map((tab) => ({ ...tab, key: tab.type, current: tab.type === source.type }))}
    />
  );
}

function heading(source: ReferralListSource, establishment: string | undefined) {
  const at = establishment === undefined ? 'your establishment' : establishment;
  if (isDraftList(source)) return { title: 'Drafts', intro: 'Referrals you started and have not sent yet.' };
  switch (source.box) {
    case 'inbox':
      return { title: 'Inbox', intro: `Referrals sent to ${at}.` };
    case 'outbox':
      return { title: 'Outbox', intro: `Referrals sent from ${at}, and where each one is up to.` };
    case 'archive':
      return { title: 'Archive', intro: 'Referrals you have archived, sent or received.' };
    case 'trash':
      return { title: 'Deleted Items', intro: 'Referrals you have deleted, sent or received.' };
  }
}

/**
 * A referral list screen (spec section 2): Inbox and Outbox with their list types, Drafts, Archive and
 * Deleted Items, for the current establishment.
 */
export function ReferralListScreen({ source }: { source: ReferralListSource }) {
  const { data: profile } = useProfile();
  if (profile === undefined) return <Loader aria-label="Loading your profile" />;
  const employment = currentEmployment(profile);
  const establishment = employment?.establishment;
  // Someone whose place at the establishment is not approved yet is told why, not shown an empty list.
  const approved = employment === undefined || canSeePatientData(employment);
  const { title, intro } = heading(source, establishment?.name);
  return (
    <Stack gap="lg" maw={1240}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="gray.7">{intro}</Text>
      </Stack>
      <ListTypeTabs source={source} />
      <NarrowingNote source={source} />
      {approved ? (
        // Keyed so another establishment or list starts at page 1; the saved filters carry over.
        <ReferralList
          key={`${establishment?.id ?? 'none'} ${JSON.stringify(source)}`}
          source={source}
          establishmentId={establishment?.id ?? 'none'}
        />
      ) : (
        <Alert color="yellow" variant="light" title="Waiting for approval">
          {AWAITING_APPROVAL_HINT}
        </Alert>
      )}
    </Stack>
  );
}
