import { Button, Group, Modal, RingProgress, Stack, Text } from '@mantine/core';
import { SESSION_EXPIRY_WARNING_SECONDS } from '@referrals/domain/constants';

/** The countdown before the inactivity logout, loaded when it first shows. */
export function ExpiryDialog(props: {
  opened: boolean;
  secondsLeft: number;
  onStay: () => void;
  onLogOut: () => void;
}) {
  const { opened, secondsLeft, onStay, onLogOut } = props;
  const unit = secondsLeft === 1 ? 'second' : 'seconds';
  return (
    <Modal
      opened={opened}
      // Escape counts as "stay": it is the user at the keyboard. A click beside the dialog does not.
      onClose={onStay}
      closeOnClickOutside={false}
      withCloseButton={false}
      title="Your session will expire soon"
      centered
      size="sm"
    >
      <Stack align="center" gap="md">
        <RingProgress
          size={112}
          thickness={9}
          roundCaps
          sections={[{ value: (secondsLeft / SESSION_EXPIRY_WARNING_SECONDS) * 100, color: 'brand' }]}
          label={
            <Text ta="center" fw={700} fz={28} lh={1} role="timer" aria-label={`${secondsLeft} ${unit} left`}>
              {secondsLeft}
            </Text>
          }
        />
        <Text size="sm" ta="center" lh={1.6}>
          You have not been active for a while. To protect your patients&apos; information, you will be logged
          out in{' '}
          <Text span fw={700}>
            {secondsLeft} {unit}
          </Text>
          .
        </Text>
      </Stack>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={onLogOut}>
          Log out
        </Button>
        <Button onClick={onStay} data-autofocus>
          Stay signed in
        </Button>
      </Group>
    </Modal>
  );
}
