import { Button, Group, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SectionCard } from '@/ui/section-card';
import { useIssueVerificationCode, useVerificationCode } from '../referral-verification-code';

/** The code in two groups of three, as it is read out. */
const grouped = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/**
 * The sender side's verification code for a submitted referral (spec sections 3, 7, 9): the person the
 * referral is handed to outside the app types it with the referral to prove they hold it. It counts down
 * from the server's seconds left and fetches the next code when they run out; "New code" ends the old one.
 */
export function VerificationCodePanel({ referralId }: { referralId: string }) {
  const code = useVerificationCode(referralId);
  const issue = useIssueVerificationCode(referralId);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  // Counted from when this code arrived (a new one from "New code" too), so a client clock set wrong does
  // not matter.
  const elapsed = Math.max(0, Math.floor((now - code.dataUpdatedAt) / 1000));
  const left = code.data ? Math.max(0, code.data.seconds_left - elapsed) : 0;
  const { refetch, isFetching } = code;
  const expired = code.data !== undefined && left === 0;
  useEffect(() => {
    if (expired && !isFetching) void refetch();
  }, [expired, isFetching, refetch]);

  return (
    <SectionCard
      title="Verification code"
      description="Give this code with the referral: whoever opens it outside the app types it to prove they hold it."
    >
      {code.isPending ? (
        <Loader size="sm" aria-label="Loading the verification code" />
      ) : code.isError ? (
        <Text role="alert">The verification code could not be loaded. Please try again.</Text>
      ) : (
        <Group justify="space-between" align="center">
          <div>
            <Text ff="monospace" fz={32} fw={700} lh={1.2}>
              {grouped(code.data.code)}
            </Text>
            <Text c="gray.7" size="sm">
              {expired ? 'Getting the next code…' : `Changes in ${left} s`}
            </Text>
          </div>
          <Button variant="light" loading={issue.isPending} onClick={() => issue.mutate()}>
            New code
          </Button>
        </Group>
      )}
      {issue.isError && <Text role="alert">A new code could not be made. Please try again.</Text>}
    </SectionCard>
  );
}
