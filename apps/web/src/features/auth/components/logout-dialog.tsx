import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';

type LogoutDialogProps = { opened: boolean; onClose: () => void };

/** The logout confirmation dialog of the main layout (spec section 2 Layout). */
export function LogoutDialog({ opened, onClose }: LogoutDialogProps) {
  const navigate = useNavigate();
  const confirm = () => {
    onClose();
    void navigate(paths.auth.logout.getHref());
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Log out?" centered size="sm">
      <Text size="sm" c="gray.7" lh={1.6}>
        You will need to sign in again to see your referrals. Unsaved changes on this screen will be lost.
      </Text>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={confirm}>
          Log out
        </Button>
      </Group>
    </Modal>
  );
}
