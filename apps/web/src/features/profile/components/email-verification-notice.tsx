import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { ApiError } from '@/lib/api-error';
import { flattenFieldErrors } from '@/lib/form-errors';
import { useResendVerification } from '../api/resend-verification';

function resendErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.detail !== undefined) return error.detail;
    // 400 { non_field_errors: ['Your email address is already verified.'] }
    const errors = error.fieldErrors;
    const first = errors === undefined ? undefined : Object.values(flattenFieldErrors(errors))[0];
    if (first !== undefined) return first;
  }
  return 'The email could not be sent. Please try again.';
}

/** Shown in Settings > Profile while the user's email address is unverified; resends the link. */
export function EmailVerificationNotice() {
  const resend = useResendVerification();
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="lg"
      icon={<IconMailExclamation />}
      title="Your email address is not verified yet."
    >
      <Group gap="md" mt={4}>
        <Button
          size="xs"
          variant="white"
          color="dark"
          loading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          Send the verification email again
        </Button>
        {resend.isSuccess && (
          <Text size="sm" c="green.8" role="status">
            {resend.data.detail}
          </Text>
        )}
        {resend.isError && (
          <Text size="sm" c="red.7" role="alert">
            {resendErrorMessage(resend.error)}
          </Text>
        )}
      </Group>
    </Alert>
  );
}
