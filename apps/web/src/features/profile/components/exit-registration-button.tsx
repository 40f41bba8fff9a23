import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDoorExit } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { useExitRegistration } from '../api/exit-registration';

function exitErrorMessage(error: unknown): string {
  if (error instanceof ApiError && !error.isServerError && error.detail !== undefined) return error.detail;
  return 'Registration could not be left. Check your connection and try again.';
}

/** The wizard's 'Exit': signs the user out, keeping what they saved, so the wizard resumes next time. */
export function ExitRegistrationButton() {
  const navigate = useNavigate();
  const [opened, dialog] = useDisclosure(false);
  const exit = useExitRegistration();

  const close = () => {
    exit.reset();
    dialog.close();
  };
  const leave = () =>
    exit.mutate(undefined, {
      // The server has ended the sign-in; /logout forgets it on this device exactly as logging out does
      // (tokens, cookies, activity times, cached data) and goes on to /login. Clearing it here instead
      // would look to the session watcher of this layout like a logout in another tab, and its own
      // logout would race the next sign-in.
      onSuccess: () => void navigate(paths.auth.logout.getHref(), { replace: true }),
    });

  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="xs"
        leftSection={<IconDoorExit size={16} stroke={1.7} />}
        onClick={dialog.open}
      >
        Exit
      </Button>
      <Modal opened={opened} onClose={close} title="Leave registration?" centered size="sm">
        <Text size="sm" c="gray.7" lh={1.6}>
          What you have saved stays, and you can carry on next time you sign in.
        </Text>
        {exit.isError && (
          <Text size="sm" c="red.7" role="alert" mt="sm">
            {exitErrorMessage(exit.error)}
          </Text>
        )}
        <Group justify="flex-end" mt="xl" gap="sm">
          <Button variant="default" onClick={close} data-autofocus>
            Stay
          </Button>
          <Button onClick={leave} loading={exit.isPending}>
            Leave
          </Button>
        </Group>
      </Modal>
    </>
  );
}
