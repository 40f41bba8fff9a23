import { Loader, Stack, Text, Title } from '@mantine/core';
import { ReferralNotFound } from '../detail/components/referral-not-found';
import { useCaseConference } from './case-conference-calls';
import { CaseConferenceSection } from './case-conference-section';

/**
 * The conference tab for a colleague who was invited to it but cannot open the referral itself (not its
 * referrer, assignee or inbox): whom it is about and between, then the conference. Anyone else gets the
 * page of a missing referral.
 */
export function CaseConferenceOnly({ referralId }: { referralId: string }) {
  const conference = useCaseConference(referralId);
  if (conference.isPending) return <Loader aria-label="Loading the case conference" />;
  const found = conference.data;
  if (!found) return <ReferralNotFound />;
  const { patient, from_establishment: from, to_establishment: to } = found.referral;
  return (
    <Stack gap="lg" maw={1080}>
      <Stack gap={4}>
        <Title order={1}>
          {patient ? `Case conference about ${patient.first_name} ${patient.last_name}` : 'Case conference'}
        </Title>
        <Text c="gray.7">
          {`A referral from ${from?.name ?? 'outside the product'} to ${to?.name ?? 'a receiver outside the product'}. You take part in its case conference; the referral itself stays with its teams.`}
        </Text>
      </Stack>
      <CaseConferenceSection referralId={referralId} unavailable="" focus />
    </Stack>
  );
}
