import { SimpleGrid, Text } from '@mantine/core';
import { formatCalendarDate } from '@referrals/domain/dates';
import { personName } from '@referrals/domain/people/person-name';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { ReactNode } from 'react';
import { SectionCard } from '@/ui/section-card';
import { Labelled } from './labelled';
import {
  hiddenContactAudiences,
  manualReceiverLines,
  receiverPerson,
  referralPatientName,
} from '../referral-display';

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
  // A MANUAL referral's referrer is outside the product: the one its receiver recorded.
  const outside = referral.manual_referrer;
  return (
    <SectionCard title="Patient, referrer and receiver">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Labelled label="Patient">
          <Line strong>{referralPatientName(referral)}</Line>
          {patient !== null && <Line>Born {formatCalendarDate(patient.dob)}</Line>}
          {patient?.pub_insurance_details && <Line>Medicare {patient.pub_insurance_details}</Line>}
        </Labelled>
        <Labelled label="Referrer">
          <Line strong>{referral.referrer?.name ?? (outside ? personName(outside) : 'Unknown')}</Line>
          {referral.from_establishment !== null && <Line>{referral.from_establishment.name}</Line>}
          {outside?.practice_name && <Line>{outside.practice_name}</Line>}
          {referral.referrer_provider_num && <Line>Provider number {referral.referrer_provider_num}</Line>}
          {referral.supervisor_name && <Line>Supervisor {referral.supervisor_name}</Line>}
          {referral.side === 'sender' && hiddenFrom !== null && (
            <Line>Your contact details are hidden from {hiddenFrom}.</Line>
          )}
        </Labelled>
        <Labelled label="Receiver">
          <Line strong>{receiverPerson(referral)}</Line>
          {referral.to_establishment !== null && <Line>{referral.to_establishment.name}</Line>}
          {manual.map((line) => (
            <Line key={line}>{line}</Line>
          ))}
          {referral.forwarded_to_establishment !== null && (
            <Line>Forwarded to {referral.forwarded_to_establishment.name}</Line>
          )}
        </Labelled>
      </SimpleGrid>
    </SectionCard>
  );
}
