import { SimpleGrid, Stack } from '@mantine/core';
import { auStates } from '@referrals/domain/establishments/establishment-codes';
import { NO_CONCESSION } from '@referrals/domain/portals/external-referral-schemas';
import { concessionCardTypes, sexCodes } from '@referrals/domain/patients/patient-codes';
import type { PortalSenderType } from '@referrals/domain/portals/portal-schemas';
import { SectionCard } from '@/ui/section-card';
import { SelectField, TextField } from '@/ui/form-fields';

const SEXES = sexCodes.codes.map((code) => ({ value: code, label: sexCodes.display(code) }));
// Most patients have no card, and section 5 asks for a concession type: "none" is an answer.
const CONCESSIONS = [
  { value: NO_CONCESSION, label: 'No concession card' },
  ...concessionCardTypes.codes.map((code) => ({ value: code, label: concessionCardTypes.display(code) })),
];
const STATES = auStates.codes.map((code) => ({ value: code, label: auStates.display(code) }));

/** The patient as the sender knows them: who they are, Medicare and concession, how to reach them. */
export function PatientSection({
  senderType,
  required,
}: {
  senderType: PortalSenderType;
  required: ReadonlySet<string>;
}) {
  const is = (name: string) => required.has(`patient.${name}`);
  const mark = (name: string) => ({ withAsterisk: is(name), 'aria-required': is(name) || undefined });
  // A professional's own contacts are not the patient's: the browser's autofill would offer theirs.
  const auto = (token: string) => (senderType === 'PATIENT' ? token : 'off');
  return (
    <SectionCard
      title="The patient"
      description="As on their Medicare card, so the clinic finds the right record."
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField name="patient.first_name" label="First name" {...mark('first_name')} />
          <TextField name="patient.last_name" label="Last name" {...mark('last_name')} />
          <TextField name="patient.dob" label="Date of birth" type="date" {...mark('dob')} />
          <SelectField
            name="patient.sex_at_birth"
            label="Sex at birth"
            data={SEXES}
            withAsterisk={is('sex_at_birth')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextField
            name="patient.pub_insurance_details"
            label="Medicare number"
            inputMode="numeric"
            maxLength={12}
            description="10 digits"
            {...mark('pub_insurance_details')}
          />
          <TextField
            name="patient.medicare_ref_num"
            label="Reference number"
            inputMode="numeric"
            maxLength={2}
            description="Beside the name on the card"
            {...mark('medicare_ref_num')}
          />
          <SelectField
            name="patient.concession_type"
            label="Concession card"
            data={CONCESSIONS}
            withAsterisk={is('concession_type')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            name="patient.phone"
            label="Phone"
            type="tel"
            autoComplete={auto('tel')}
            {...mark('phone')}
          />
          <TextField
            name="patient.email"
            label="Email"
            type="email"
            autoComplete={auto('email')}
            {...mark('email')}
          />
        </SimpleGrid>
        <TextField
          name="patient.address1"
          label="Street address"
          autoComplete={auto('street-address')}
          {...mark('address1')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextField
            name="patient.city"
            label="Suburb"
            autoComplete={auto('address-level2')}
            {...mark('city')}
          />
          <SelectField
            name="patient.state"
            label="State"
            data={STATES}
            clearable
            withAsterisk={is('state')}
          />
          <TextField
            name="patient.postcode"
            label="Postcode"
            inputMode="numeric"
            maxLength={4}
            autoComplete={auto('postal-code')}
            {...mark('postcode')}
          />
        </SimpleGrid>
      </Stack>
    </SectionCard>
  );
}
