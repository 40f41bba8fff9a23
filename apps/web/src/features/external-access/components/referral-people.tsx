import { Anchor, Stack, Text } from '@mantine/core';
import { SectionCard } from '@/ui/section-card';
import { useVerifiedAccess } from '../access-context';

/** Who sent the referral, with the contact the receiver lets this reader see. */
export function ReferralPeople() {
  const { referral } = useVerifiedAccess();
  const { referrer } = referral;
  if (referrer.name === null && referrer.practice === null) return null;
  return (
    <SectionCard title="Referred by">
      <Stack gap={2}>
        {referrer.name !== null && <Text fw={500}>{referrer.name}</Text>}
        {referrer.practice !== null && <Text c="gray.7">{referrer.practice}</Text>}
        {referrer.email !== null && (
          <Anchor href={`mailto:${referrer.email}`} style={{ overflowWrap: 'anywhere' }}>
            {referrer.email}
          </Anchor>
        )}
        {referrer.phone !== null && (
          <Anchor href={`tel:${referrer.phone.replace(/\s/g, '')}`}>{referrer.phone}</Anchor>
        )}
      </Stack>
    </SectionCard>
  );
}
