import { Stack } from '@mantine/core';
import type { CodeList } from '@referrals/domain/codes';
import type { MessageTemplateType } from '@referrals/domain/referrals/message-template-schemas';
import { OTHER_REASON } from '@referrals/domain/referrals/referral-reason-codes';
import { useWatch, type FieldValues } from 'react-hook-form';
import { CheckboxField, SelectField, TextareaField, TextField } from '@/ui/form-fields';
import { MessageTemplateTools } from './message-templates/message-template-tools';

/** A code list as select options, in the list's order. */
export function codeOptions<K extends string>(list: CodeList<K>) {
  return list.codes.map((code) => ({ value: code, label: list.display(code) }));
}

/**
 * A reason picked from the domain's codes; 'Other' asks for the text the schema then requires (section 3:
 * each reason has an other_* text). An optional one (the triage's service note) may be left unset.
 */
export function ReasonFields<K extends string>({
  name,
  otherName,
  label,
  reasons,
  optional = false,
  otherLabel = 'Other reason',
}: {
  name: string;
  otherName: string;
  label: string;
  reasons: CodeList<K>;
  optional?: boolean;
  otherLabel?: string;
}) {
  const reason: unknown = useWatch<FieldValues>({ name });
  return (
    <Stack gap="md">
      <SelectField
        name={name}
        label={label}
        data={codeOptions(reasons)}
        placeholder={optional ? 'Not set' : 'Choose a reason'}
        withAsterisk={!optional}
        clearable={optional}
      />
      {reason === OTHER_REASON && <TextField name={otherName} label={otherLabel} withAsterisk />}
    </Stack>
  );
}

/** A message to the other side, with the establishment's templates of its type when it has one. */
export function MessageField({
  name,
  label,
  description,
  withAsterisk,
  templateType,
}: {
  name: string;
  label: string;
  description: string;
  withAsterisk?: boolean;
  templateType?: MessageTemplateType;
}) {
  const field = (
    <TextareaField name={name} label={label} description={description} withAsterisk={withAsterisk} />
  );
  if (templateType === undefined) return field;
  return (
    <Stack gap="xs">
      <MessageTemplateTools name={name} type={templateType} />
      {field}
    </Stack>
  );
}

/** Whom the receiver's change is e-mailed to (section 3 receiver_email_notify_*). */
export function ReceiverNotificationFields() {
  return (
    <Stack gap="sm">
      <CheckboxField name="receiver_email_notify_referrer" label="Email the referrer" />
      <CheckboxField name="receiver_email_notify_patient" label="Email the patient" />
      <CheckboxField
        name="receiver_remember_email_notify_settings"
        label="Remember these choices for my next referrals"
      />
    </Stack>
  );
}

/** A local date and time as the API's instant with its offset (api-conventions.md Bodies); '' stays ''. */
export function localToInstant(local: string): string {
  if (local === '') return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** The API's instant as the value of a datetime-local input, in the browser's time zone. */
export function instantToLocal(instant: string | null): string {
  if (instant === null) return '';
  const date = new Date(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as Australians read it, e.g. '15 Dec 2026, 10:30 am'; '' when none. */
export function appointmentText(local: string): string {
  if (local === '') return '';
  return new Date(local).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
}

/** The appointment: when (date and time) and where (section 4 Receiver triage flow page 2; reschedule). */
export function AppointmentFields() {
  return (
    <Stack gap="md">
      <TextField
        name="appointment_date"
        label="Appointment date and time"
        type="datetime-local"
        withAsterisk
      />
      <TextField name="appointment_location" label="Location" placeholder="e.g. Consulting room 3" />
    </Stack>
  );
}

/** The display text of a chosen code, or '' while none is chosen. */
export function codeDisplay<K extends string>(list: CodeList<K>, value: unknown): string {
  return list.isCode(value) ? list.display(value) : '';
}
