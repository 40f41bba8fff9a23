import { Button, Stack, Text } from '@mantine/core';
import { CASE_CONFERENCE_LENGTH_DAYS } from '@referrals/domain/constants';
import type { CaseConferenceInvitee } from '@referrals/domain/case-conferences/case-conference-schemas';
import { IconMessagePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { firstErrorMessage } from '@/lib/form-errors';
import { startCaseConference } from './case-conference-calls';
import { InviteePicker } from './invitee-picker';
import { useConferenceChange } from './use-conference-change';

/**
 * Starts a conference on the referral, inviting colleagues of either side. `again`: an earlier one has
 * closed, and stays readable above.
 */
export function StartCaseConference({ referralId, again }: { referralId: string; again: boolean }) {
  const [chosen, setChosen] = useState<CaseConferenceInvitee[]>([]);
  const start = useConferenceChange(referralId, (ids: string[]) => startCaseConference(referralId, ids));
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.7">
        {again ? 'Need to talk again? Start a new case conference. ' : ''}
        Discuss this patient with the other side of the referral and colleagues you invite. A case conference
        stays open for {CASE_CONFERENCE_LENGTH_DAYS} days.
      </Text>
      <InviteePicker
        referralId={referralId}
        chosen={chosen}
        onChange={setChosen}
        error={
          start.isError
            ? firstErrorMessage(start.error, 'The case conference could not be started. Please try again.')
            : null
        }
      />
      <div>
        <Button
          leftSection={<IconMessagePlus size={16} aria-hidden />}
          loading={start.isPending}
          onClick={() =>
            start.mutate(
              chosen.map((person) => person.id),
              { onSuccess: () => setChosen([]) },
            )
          }
        >
          Start a case conference
        </Button>
      </div>
    </Stack>
  );
}
