import { Alert, Button, Stack, Tabs, Text, TextInput } from '@mantine/core';
import {
  SESSION_NEEDED,
  type ExternalAccessSession,
  type VerificationMethod,
} from '@referrals/domain/external-access/external-access-schemas';
import { IconAlertCircle, IconClock } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@/lib/api-error';
import { flattenFieldErrors } from '@/lib/form-errors';
import type { AccessBase } from '../api/access-address';
import { verifyAccess } from '../api/verify-access';
import {
  EMPTY_VERIFICATION,
  VERIFICATION_FIELDS,
  verificationBodyOf,
  type VerificationField,
  type VerificationValues,
} from '../verification-body';

type VerificationFormProps = {
  token: string;
  base: AccessBase;
  /** The ways this link may be verified (the code only once the sender side has one to read out). */
  methods: readonly VerificationMethod[];
  /** What the page opens once verified, in words ("the consent form"). */
  purpose: string;
  /** The session ran out: say why the questions are asked again. */
  lapsed: boolean;
  onVerified: (answer: ExternalAccessSession) => void;
  /** The link stopped working (locked by too many wrong answers): the 404 of a missing one. */
  onLinkGone: () => void;
};

const FIELD_PROPS: Record<
  VerificationField,
  { label: string; type?: string; description?: string; inputMode?: 'numeric'; autoComplete?: string }
> = {
  last_name: { label: 'Last name' },
  dob: { label: 'Date of birth', type: 'date' },
  first_name: { label: 'First name' },
  submitted_at: {
    label: 'Date the referral was sent',
    type: 'date',
    description: 'As the sender’s records show it.',
  },
  code: {
    label: 'Verification code',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    description:
      'The 6-digit code shown on the referral in the sender’s Referrals account. It changes every minute.',
  },
};

const TAB_LABELS: Record<VerificationMethod, string> = {
  patient_details: 'Patient’s details',
  submitted_at_code: 'Date sent and code',
};

/**
 * The questions an access link asks before it shows anything (docs/external-access.md, Verifying): the
 * patient's last name, date of birth and first name, or the date the referral was sent with the sender's
 * 6-digit code. Any wrong answer gets the same message, so it tells a guesser nothing.
 */
export function VerificationForm({
  token,
  base,
  methods,
  purpose,
  lapsed,
  onVerified,
  onLinkGone,
}: VerificationFormProps) {
  const [method, setMethod] = useState<VerificationMethod>('patient_details');
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<VerificationValues>({ defaultValues: EMPTY_VERIFICATION });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const checked = verificationBodyOf(method, values);
    if ('problems' in checked) {
      const fields = VERIFICATION_FIELDS[method].filter((field) => checked.problems[field] !== undefined);
      for (const field of fields) setError(field, { type: 'check', message: checked.problems[field] });
      if (fields[0] !== undefined) setFocus(fields[0]);
      return;
    }
    try {
      onVerified(await verifyAccess(token, checked.body, base));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        onLinkGone();
        return;
      }
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
      const messages = fieldErrors === undefined ? {} : flattenFieldErrors(fieldErrors);
      const fields = VERIFICATION_FIELDS[method].filter((field) => messages[field] !== undefined);
      for (const field of fields) setError(field, { type: 'server', message: messages[field] });
      setFailure(
        error instanceof ApiError && error.detail !== undefined
          ? error.detail
          : fields.length > 0
            ? null
            : 'Your details could not be checked. Please try again.',
      );
    }
  });

  const fieldsOf = (way: VerificationMethod) => (
    <Stack gap="sm">
      {VERIFICATION_FIELDS[way].map((field) => (
        <TextInput
          key={field}
          {...FIELD_PROPS[field]}
          autoComplete={FIELD_PROPS[field].autoComplete ?? 'off'}
          withAsterisk
          {...register(field)}
          error={errors[field]?.message}
        />
      ))}
    </Stack>
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="verify-heading">
      <Stack gap="lg">
        <Stack gap={6}>
          <Text id="verify-heading" fw={600} fz="lg">
            Confirm who the referral is about
          </Text>
          <Text c="gray.7">
            To keep the patient’s information private, we ask a few questions before we show {purpose}.
          </Text>
        </Stack>
        {lapsed && (
          <Alert variant="light" color="blue" icon={<IconClock size={18} />} role="status">
            {SESSION_NEEDED}
          </Alert>
        )}
        {methods.length > 1 ? (
          <Tabs
            value={method}
            onChange={(value) => {
              if (value === null) return;
              setMethod(value as VerificationMethod);
              setFailure(null);
              clearErrors();
            }}
            keepMounted={false}
          >
            <Tabs.List grow>
              {methods.map((way) => (
                <Tabs.Tab key={way} value={way}>
                  {TAB_LABELS[way]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {methods.map((way) => (
              <Tabs.Panel key={way} value={way} pt="md">
                <Text size="sm" c="gray.7" mb="sm">
                  {way === 'patient_details'
                    ? 'The patient’s details, as they are on the referral.'
                    : 'For the sender of the referral, with the code from their Referrals account.'}
                </Text>
                {fieldsOf(way)}
              </Tabs.Panel>
            ))}
          </Tabs>
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="gray.7">
              The patient’s details, as they are on the referral.
            </Text>
            {fieldsOf('patient_details')}
          </Stack>
        )}
        {failure !== null && (
          <Alert variant="light" color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}
