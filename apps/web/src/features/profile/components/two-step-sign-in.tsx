import { Alert, Badge, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { flattenFieldErrors } from '@/lib/form-errors';
import type { MfaStatus, MfaUpdate } from '@referrals/domain/profile/profile-schemas';
import { useUpdateMfa } from '../api/update-mfa';
import { saveFailureMessage } from './use-profile-save';

function codeError(error: unknown): string {
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
  return (
    (fieldErrors === undefined ? undefined : flattenFieldErrors(fieldErrors).code) ??
    saveFailureMessage(error)
  );
}

/**
 * Two-step sign-in (spec section 7: PATCH profile/mfa/). Turning it on shows the secret and the otpauth
 * address to type into an authenticator app, then asks for a code; turning it off asks for a current code.
 */
export function TwoStepSignIn({ profile }: { profile: Profile }) {
  const mfa = useUpdateMfa();
  const [enrolment, setEnrolment] = useState<MfaStatus | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = (body: MfaUpdate, onDone: (answer: MfaStatus) => void) => {
    setError(null);
    mfa.mutate(body, { onSuccess: onDone, onError: (e) => setError(codeError(e)) });
  };
  const codeInput = (
    <TextInput
      label="Code from your authenticator app"
      inputMode="numeric"
      autoComplete="one-time-code"
      w={{ base: '100%', sm: 260 }}
      value={code}
      onChange={(event) => setCode(event.currentTarget.value)}
      error={error}
    />
  );

  if (profile.mfa_status) {
    return (
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color="green" variant="light">
            On
          </Badge>
          <Text size="sm">You enter a code from your authenticator app when you sign in.</Text>
        </Group>
        {codeInput}
        <Group>
          <Button
            variant="default"
            loading={mfa.isPending}
            onClick={() =>
              send({ mfa_status: false, code: code.trim() }, () => {
                setCode('');
                notifications.show({
                  title: 'Two-step sign-in is off',
                  message: 'You sign in with your password only.',
                });
              })
            }
          >
            Turn off two-step sign-in
          </Button>
        </Group>
      </Stack>
    );
  }

  if (enrolment?.secret !== undefined) {
    return (
      <Stack gap="sm">
        <Text size="sm">
          In your authenticator app, add an account and type this key (or open the address below on your
          phone):
        </Text>
        <Stack gap={4}>
          <Text size="xs" c="gray.7" fw={600}>
            Key
          </Text>
          <Code fz="md" style={{ letterSpacing: 1, overflowWrap: 'anywhere' }}>
            {enrolment.secret}
          </Code>
          {enrolment.otpauth_uri !== undefined && (
            <>
              <Text size="xs" c="gray.7" fw={600} mt={6}>
                Address
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {enrolment.otpauth_uri}
              </Code>
            </>
          )}
        </Stack>
        {codeInput}
        <Group>
          <Button
            loading={mfa.isPending}
            onClick={() =>
              send({ mfa_status: true, code: code.trim() }, () => {
                setEnrolment(null);
                setCode('');
                notifications.show({
                  color: 'green',
                  title: 'Two-step sign-in is on',
                  message: 'Next time you sign in you will be asked for a code.',
                });
              })
            }
          >
            Confirm and turn on
          </Button>
          <Button variant="subtle" color="gray" onClick={() => setEnrolment(null)} disabled={mfa.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color="gray" variant="light">
          Off
        </Badge>
        <Text size="sm">Add a code from an authenticator app to your password when you sign in.</Text>
      </Group>
      {error !== null && (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      )}
      <Group>
        <Button
          variant="light"
          loading={mfa.isPending}
          onClick={() => send({ mfa_status: true }, setEnrolment)}
        >
          Turn on two-step sign-in
        </Button>
      </Group>
    </Stack>
  );
}
