import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';

/** The patient's name as the referral shows it, or a stand-in when a draft has none yet. */
export function referralPatientName(referral: Referral): string {
  const patient = referral.patient;
  return patient === null ? 'No patient' : `${patient.first_name} ${patient.last_name}`;
}

/** A date of birth as Australians write it, e.g. '18 Apr 1952'; the ISO date is read as a calendar day. */
function bornOn(dob: string): string {
  return new Date(`${dob}T00:00:00Z`).toLocaleDateString('en-AU', { dateStyle: 'medium', timeZone: 'UTC' });
}

/** Whose referral this is and where it stands, above every page of a flow. */
export function ReferralFlowHeader({ title, referral }: { title: string; referral: Referral }) {
  return (
    <Stack gap={4}>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Group gap="sm">
        <Text fw={600}>{referralPatientName(referral)}</Text>
        {referral.patient !== null && (
          <Text c="gray.7" size="sm">
            born {bornOn(referral.patient.dob)}
          </Text>
        )}
        <Badge variant="light" aria-label={`Status: ${referral.status.display}`}>
          {referral.status.display}
        </Badge>
      </Group>
      {referral.to_establishment !== null && (
        <Text c="gray.7" size="sm">
          To {referral.to_establishment.name}
          {referral.from_establishment !== null && `, from ${referral.from_establishment.name}`}
        </Text>
      )}
    </Stack>
  );
}
