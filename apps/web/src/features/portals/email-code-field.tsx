import { Button, Stack, Text, TextInput } from '@mantine/core';
import { CODE_SENT } from '@referrals/domain/portals/external-referral-schemas';
import type { FieldErrors } from '@referrals/domain/api';
import { useState } from 'react';
import { ApiError } from '@/lib/api-error';
import type { DraftSession } from './api/draft-address';
import { sendVerificationCode } from './api/send-verification-code';
import { nextCodeAllowedAt, useCountdown } from './code-countdown';

type EmailCodeFieldProps = {
  /** The draft saved with the sender's email, or null when the form showed why it cannot be yet. */
  prepare: () => Promise<DraftSession | null>;
  /** When the last code went, from a restored draft: the countdown goes on after a reload. */
  codeSentAt: string | null;
  value: string;
  onChange: (code: string) => void;
  error?: string;
  /** A 400 of the code request, about the draft's fields (the sender's email). */
  onFieldErrors: (errors: FieldErrors) => void;
};

/**
 * The emailed code that proves the sender's address (section 9: it changes every 60 s, countdown 60):
 * "Send me a code", then a minute before "Send a new code", and the 6-digit input.
 */
export function EmailCodeField({
  prepare,
  codeSentAt,
  value,
  onChange,
  error,
  onFieldErrors,
}: EmailCodeFieldProps) {
  const restoredAt = codeSentAt === null ? null : nextCodeAllowedAt(new Date(codeSentAt).getTime());
  const countdown = useCountdown(restoredAt);
  const [sent, setSent] = useState(codeSentAt !== null);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const waiting = countdown.left > 0;

  const send = async () => {
    if (waiting || sending) return;
    setSending(true);
    setNotice(null);
    try {
      const session = await prepare();
      if (session === null) return;
      const answer = await sendVerificationCode(session);
      // Counted on this device's clock from now, not from the server's code_sent_at: clocks differ.
      countdown.start(nextCodeAllowedAt(Date.now()));
      setSent(true);
      setNotice({ text: answer.detail || CODE_SENT, failed: false });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 429) {
        // A code went less than a minute ago (another tab, a double click): wait as the server says.
        countdown.start(nextCodeAllowedAt(Date.now(), failure.retryAfter));
        setSent(true);
        setNotice({ text: failure.detail ?? 'A code was sent less than a minute ago.', failed: false });
      } else if (failure instanceof ApiError && failure.fieldErrors !== undefined) {
        onFieldErrors(failure.fieldErrors);
      } else {
        setNotice({
          text:
            failure instanceof ApiError && failure.detail !== undefined
              ? failure.detail
              : 'The code could not be sent. Please try again.',
          failed: true,
        });
      }
    } finally {
      setSending(false);
    }
  };

  const label = !sent
    ? 'Send me a code'
    : waiting
      ? `Send a new code in ${countdown.left} s`
      : 'Send a new code';
  return (
    <Stack gap="sm">
      <Text size="sm">
        We email a 6-digit code to the address you gave above, to check it is yours before the referral goes.
      </Text>
      <div>
        {/* Looks disabled while the minute runs but keeps the focus, and says how long is left. */}
        <Button
          variant={sent ? 'default' : 'filled'}
          onClick={() => void send()}
          loading={sending}
          data-disabled={waiting || undefined}
          aria-disabled={waiting || undefined}
        >
          {label}
        </Button>
      </div>
      <Text size="sm" c={notice?.failed ? 'red.8' : 'gray.7'} role="status">
        {notice?.text}
      </Text>
      <TextInput
        label="Code from the email"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        maw={240}
        withAsterisk
        aria-required
      />
    </Stack>
  );
}
