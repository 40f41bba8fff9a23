import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type {
  CaseConference,
  CaseConferenceInvitee,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import { IconDoorExit, IconLock, IconLogin2, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { firstErrorMessage } from '@/lib/form-errors';
import { caseConferenceAction, inviteToCaseConference } from './case-conference-calls';
import { InviteePicker } from './invitee-picker';
import { useConferenceChange } from './use-conference-change';

/** Invites more colleagues into the open conference, in a dialog. */
function InviteDialog({
  referralId,
  opened,
  onClose,
}: {
  referralId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<CaseConferenceInvitee[]>([]);
  const invite = useConferenceChange(referralId, (ids: string[]) => inviteToCaseConference(referralId, ids));
  const close = () => {
    setChosen([]);
    invite.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Invite colleagues" size="lg">
      <Stack gap="md">
        <InviteePicker
          label="Colleagues to invite"
          referralId={referralId}
          chosen={chosen}
          onChange={setChosen}
          error={
            invite.isError
              ? firstErrorMessage(invite.error, 'They could not be invited. Please try again.')
              : null
          }
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={chosen.length === 0}
            loading={invite.isPending}
            onClick={() =>
              invite.mutate(
                chosen.map((person) => person.id),
                { onSuccess: close },
              )
            }
          >
            Invite
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The owner's close, after a question: nobody can write once it is closed. */
function CloseDialog({
  referralId,
  opened,
  onClose,
}: {
  referralId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const end = useConferenceChange(referralId, () => caseConferenceAction(referralId, 'close'));
  return (
    <Modal opened={opened} onClose={onClose} title="Close this case conference?">
      <Stack gap="md">
        <Text size="sm">
          No one can write to it once it is closed. Everyone taking part is told, and the whole conversation
          is kept as an archive PDF.
        </Text>
        {end.isError && (
          <Text role="alert" c="red.8" size="sm">
            {firstErrorMessage(end.error, 'It could not be closed. Please try again.')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it open
          </Button>
          <Button
            color="red.9"
            loading={end.isPending}
            onClick={() => end.mutate(undefined, { onSuccess: onClose })}
          >
            Close the case conference
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The buttons for what the caller may do now (the lifecycle's allowed_actions): join, invite, leave, close. */
export function CaseConferenceActions({
  referralId,
  conference,
}: {
  referralId: string;
  conference: CaseConference;
}) {
  const [dialog, setDialog] = useState<'invite' | 'close' | null>(null);
  const join = useConferenceChange(referralId, () => caseConferenceAction(referralId, 'join'));
  const leave = useConferenceChange(referralId, () => caseConferenceAction(referralId, 'leave'));
  const allowed = new Set(conference.allowed_actions);
  const failed = join.error ?? leave.error;
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs">
        {allowed.has('join') && (
          <Button
            leftSection={<IconLogin2 size={16} aria-hidden />}
            loading={join.isPending}
            onClick={() => join.mutate(undefined)}
          >
            Join the case conference
          </Button>
        )}
        {allowed.has('invite') && (
          <Button
            variant="default"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setDialog('invite')}
          >
            Invite colleagues
          </Button>
        )}
        {allowed.has('leave') && (
          <Button
            variant="default"
            leftSection={<IconDoorExit size={16} aria-hidden />}
            loading={leave.isPending}
            onClick={() => leave.mutate(undefined)}
          >
            Leave
          </Button>
        )}
        {allowed.has('close') && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconLock size={16} aria-hidden />}
            onClick={() => setDialog('close')}
          >
            Close
          </Button>
        )}
      </Group>
      {failed && (
        <Text role="alert" c="red.8" size="sm">
          {firstErrorMessage(failed, 'That did not work. Please try again.')}
        </Text>
      )}
      <InviteDialog referralId={referralId} opened={dialog === 'invite'} onClose={() => setDialog(null)} />
      <CloseDialog referralId={referralId} opened={dialog === 'close'} onClose={() => setDialog(null)} />
    </Stack>
  );
}
