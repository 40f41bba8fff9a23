import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ExternalShareSchema,
  type ExternalShare,
} from '@referrals/domain/external-access/external-access-schemas';
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@/lib/api-error';
import { SectionCard } from '@/ui/section-card';
import { useAccessFailure, useVerifiedAccess } from '../access-context';
import { shareAccess } from '../api/share-access';

/**
 * Share by email: someone else (a family member, another doctor) gets a link of their own, which shows what
 * the patient sees and asks the same questions.
 */
export function ShareByEmail() {
  const { access } = useVerifiedAccess();
  const handleFailure = useAccessFailure();
  const [answer, setAnswer] = useState<{ text: string; failed: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }, unknown, ExternalShare>({
    resolver: zodResolver(ExternalShareSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setAnswer(null);
    try {
      const detail = await shareAccess(access, values);
      reset();
      setAnswer({ text: `${detail} It went to ${values.email}.`, failed: false });
    } catch (error) {
      if (handleFailure(error)) return;
      const message = error instanceof ApiError ? error.fieldErrors?.email : undefined;
      if (Array.isArray(message) && typeof message[0] === 'string') {
        setError('email', { type: 'server', message: message[0] });
        return;
      }
      setAnswer({
        text:
          error instanceof ApiError && error.detail !== undefined
            ? error.detail
            : 'The link could not be sent. Please try again.',
        failed: true,
      });
    }
  });

  return (
    <SectionCard
      title="Share by email"
      description="Send someone a link of their own. They see what the patient sees, after answering the same questions."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Their email address"
              type="email"
              autoComplete="off"
              style={{ flex: '1 1 240px' }}
              {...register('email')}
              error={errors.email?.message}
            />
            <Button
              type="submit"
              variant="light"
              leftSection={<IconMailForward size={18} aria-hidden />}
              loading={isSubmitting}
              mt={{ base: 0, xs: 25 }}
            >
              Send a link
            </Button>
          </Group>
          {answer !== null && (
            <Alert
              variant="light"
              color={answer.failed ? 'red' : 'green'}
              role={answer.failed ? 'alert' : 'status'}
              icon={answer.failed ? <IconAlertCircle size={18} /> : undefined}
            >
              <Text size="sm">{answer.text}</Text>
            </Alert>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
