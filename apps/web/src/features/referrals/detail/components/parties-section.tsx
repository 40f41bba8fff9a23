import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { ReactNode } from 'react';
import { SectionCard } from '@/ui/section-card';
import {
  calendarDate,
  hiddenContactAudiences,
  manualReceiverLines,
  receiverPerson,
  referralPatientName,
} from '../referral-display';

function Party({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={700} c="gray.7">
        {heading}
      </Text>
      {children}
    </Stack>
  );
}

function Line({ children, strong }: { children: ReactNode; strong?: boolean }) {
  return (
    <Text size="sm" fw={strong === true ? 600 : undefined} c={strong === true ? undefined : 'gray.7'}>
      {children}
    </Text>
  );
}

/** The patient, the referrer and the receiver side by side (spec section 3 Referral). */
export function PartiesSection({ referral }: { referral: Referral }) {
  const patient = referral.patient;
  const hiddenFrom = hiddenContactAudiences(referral);
  const manual = referral.to_establishment === null ? manualReceiverLines(referral) : [];
  return (
    <SectionCard title="Patient, referrer and receiver">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Party heading="Patient">
          <Line strong>{referralPatientName(referral)}</Line>
          {patient !== null && <Line>Born {calendarDate(patient.dob)}</Line>}
          {patient?.pub_insurance_details && <Line>Medicare {patient.pub_insurance_details}</Line>}
        </Party>
        <Party heading="Referrer">
          <Line strong>{referral.referrer?.name ?? 'Unknown'}</Line>
          {referral.from_establishment !== null && <Line>{referral.from_establishment.name}</Line>}
          {referral.referrer_provider_num && <Line>Provider number {referral.referrer_provider_num}</Line>}
          {referral.supervisor_name && <Line>Supervisor {referral.supervisor_name}</Line>}
          {referral.side === 'sender' && hiddenFrom !== null && (
            <Line>Your contact details are hidden from {hiddenFrom}.</Line>
          )}
        </Party>
        <Party heading="Receiver">
          <Line strong>{receiverPerson(referral)}</Line>
          {referral.to_establishment !== null && <Line>{referral.to_establishment.name}</Line>}
          {manual.map((line) => (
            <Line key={line}>{line}</Line>
          ))}
          {referral.forwarded_to_establishment !== null && (
            <Line>Forwarded to {referral.forwarded_to_establishment.name}</Line>
          )}
        </Party>
      </SimpleGrid>
    </SectionCard>
  );
}
