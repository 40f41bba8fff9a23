import { Badge, Box, Group, Text } from '@mantine/core';
import type { ReferralListItem } from '@referrals/domain/referrals/referral-list-schemas';
import { REFERRAL_CONDITION_LABELS } from '@referrals/domain/referrals/referral-list-search';

const CONDITION_COLOURS: Record<keyof typeof REFERRAL_CONDITION_LABELS, string> = {
  pending_action: 'blue',
  due_for_renewal: 'orange',
  appointment_due: 'teal',
  overdue_for_appointment: 'red',
};
const conditions = Object.keys(REFERRAL_CONDITION_LABELS) as (keyof typeof REFERRAL_CONDITION_LABELS)[];

/**
 * The derived conditions the item carries (referral-lifecycle.md), one badge each, and whether it is a
 * request for advice rather than a referral: dark text by a coloured dot, as tinted text this small would
 * not be readable enough (WCAG contrast).
 */
export function ReferralConditionBadges({ item }: { item: ReferralListItem }) {
  const shown = conditions.filter((condition) => item[condition]);
  const advice = item.type === 'ADVICE_AND_GUIDANCE';
  if (shown.length === 0 && !advice) return null;
  return (
    <Group gap={4} mt={4}>
      {advice && (
        <Badge variant="dot" color="grape" size="sm" tt="none">
          Advice request
        </Badge>
      )}
      {shown.map((condition) => (
        <Badge key={condition} variant="dot" color={CONDITION_COLOURS[condition]} size="sm" tt="none">
          {REFERRAL_CONDITION_LABELS[condition]}
        </Badge>
      ))}
    </Group>
  );
}

/** The unread mark before the patient's name: a dot read out as Unread (the row is bold as well). */
export function UnreadDot() {
  return (
    <Box
      component="span"
      role="img"
      aria-label="Unread"
      title="Unread"
      w={8}
      h={8}
      bg="blue.7"
      style={{ borderRadius: '50%', display: 'inline-block', flexShrink: 0 }}
    />
  );
}

/**
 * The other side of the referral for the caller: who referred it (inbox, shared), or where it went
 * (outbox). `mixed`: the list holds both sides (Archive, Deleted Items), so it says which one this is.
 */
export function ReferralParty({ item, mixed }: { item: ReferralListItem; mixed: boolean }) {
  const sent = item.side === 'sender';
  const [person, place] = sent
    ? [item.assignee?.name, item.to_establishment?.name]
    : [
        item.referrer?.name ?? item.manual_referrer?.name,
        item.from_establishment?.name ?? item.manual_referrer?.practice_name ?? undefined,
      ];
  return (
    <>
      <Text size="sm" fw="inherit">
        {mixed && (sent ? 'To ' : 'From ')}
        {person ?? place ?? '—'}
      </Text>
      {person !== undefined && place !== undefined && (
        <Text size="xs" c="gray.7">
          {place}
        </Text>
      )}
    </>
  );
}
