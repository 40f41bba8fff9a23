import { Alert, Text } from '@mantine/core';
import { IconCloudCheck, IconWifiOff } from '@tabler/icons-react';
import type { SaveStatus } from '@/lib/use-save-queue';

/** Whether what was typed is saved; a failed save says that nothing is lost and saving goes on. */
export function SaveStatusNote({ status, saved }: { status: SaveStatus; saved: boolean }) {
  if (status === 'failed') {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconWifiOff size={18} />}
        role="alert"
        title="Not saved yet"
      >
        Your changes could not be saved. They are kept on this screen and saving is retried every few seconds;
        keep this page open until it says saved.
      </Alert>
    );
  }
  if (!saved) return null;
  return (
    <Text size="sm" c="gray.7" aria-live="polite">
      {status === 'saved' ? (
        <>
          <IconCloudCheck size={16} style={{ verticalAlign: 'text-bottom' }} aria-hidden /> Draft saved
        </>
      ) : (
        'Saving…'
      )}
    </Text>
  );
}
