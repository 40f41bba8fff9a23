import { Button, Group, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { ApiError } from '@/lib/api-error';
import { firstErrorMessage } from '@/lib/form-errors';
import { SectionCard } from '@/ui/section-card';
import { useSendPatientLink } from '../referral-patient-link';

/** What went wrong, in the server's words where it gave them. */
function failureOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    return 'The patient was sent links a moment ago. Try again in an hour.';
  }
  return firstErrorMessage(error, 'The link could not be sent. Please try again.');
}

/**
 * Either side of a sent referral emails its patient a link of their own (docs/external-access.md): they
 * follow the referral without an account after answering with their name and date of birth.
 */
export function PatientLinkPanel({ referralId }: { referralId: string }) {
  const send = useSendPatientLink(referralId);
  return (
    <SectionCard
      title="The patient’s own link"
      description="Email the patient a link to follow this referral without an account: where it is up to, the consent form, and what comes back. It goes to the address on their record."
    >
      <Group justify="space-between" align="center" gap="md">
        <div role="status">{send.isSuccess && <Text size="sm">{send.data.detail}</Text>}</div>
        <Button
          variant="light"
          leftSection={<IconMailForward size={16} aria-hidden />}
          loading={send.isPending}
          onClick={() => send.mutate()}
        >
          Email the patient a link
        </Button>
      </Group>
      {send.isError && (
        <Text role="alert" c="red.8" size="sm" mt="xs">
          {failureOf(send.error)}
        </Text>
      )}
    </SectionCard>
  );
}
