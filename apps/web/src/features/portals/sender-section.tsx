import { SimpleGrid, Stack } from '@mantine/core';
import { referrerRoleChoices } from '@referrals/domain/people/people-codes';
import type { PortalSenderType } from '@referrals/domain/portals/portal-schemas';
import { SectionCard } from '@/ui/section-card';
import { SelectField, TextField } from '@/ui/form-fields';
import { RadioField } from './portal-fields';

// A health professional refers as a GP, a specialist or another provider; patient-carer and "not
// applicable" are the other sender type's.
const PROFESSIONAL_ROLES = (['GP', 'SP', 'OTHER'] as const).map((code) => ({
  value: code,
  label: referrerRoleChoices.display(code),
}));

const RELATIONS = [
  { value: 'self', label: 'I am the patient' },
  { value: 'carer', label: 'I care for the patient' },
] as const;

/** Who sends the referral: a patient or carer, or a health professional, with what each must give. */
export function SenderSection({
  senderType,
  required,
}: {
  senderType: PortalSenderType;
  required: ReadonlySet<string>;
}) {
  const is = (name: string) => required.has(`sender.${name}`);
  const mark = (name: string) => ({ withAsterisk: is(name), 'aria-required': is(name) || undefined });
  return (
    <SectionCard
      title={senderType === 'PATIENT' ? 'About you' : 'About you and your practice'}
      description={
        senderType === 'PATIENT'
          ? 'We email you a code to confirm your address before the referral is sent.'
          : 'The clinic will reply to you about this referral. We email you a code to confirm your address.'
      }
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            name="sender.first_name"
            label="First name"
            autoComplete="given-name"
            {...mark('first_name')}
          />
          <TextField
            name="sender.last_name"
            label="Last name"
            autoComplete="family-name"
            {...mark('last_name')}
          />
        </SimpleGrid>
        {senderType === 'PATIENT' ? (
          <RadioField
            name="sender.relation"
            label="Are you the patient?"
            options={RELATIONS}
            required={is('relation')}
          />
        ) : (
          <>
            <SelectField
              name="sender.role"
              label="Your role"
              data={PROFESSIONAL_ROLES}
              withAsterisk={is('role')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField
                name="sender.practice_name"
                label="Practice or organisation"
                autoComplete="organization"
                {...mark('practice_name')}
              />
              <TextField name="sender.provider_number" label="Provider number" {...mark('provider_number')} />
            </SimpleGrid>
          </>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField name="sender.email" label="Email" type="email" autoComplete="email" {...mark('email')} />
          <TextField name="sender.phone" label="Phone" type="tel" autoComplete="tel" {...mark('phone')} />
        </SimpleGrid>
      </Stack>
    </SectionCard>
  );
}
