import { Alert, Button, FileButton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileUpload } from '@tabler/icons-react';
import { firstErrorMessage } from '@/lib/form-errors';
import { useUploadHl7Message } from '../import-calls';

/**
 * Puts an HL7 v2 referral message (an REF^I12 in a .hl7 file, saved from a secure messaging client) into
 * the queue, then opens its item; a message received before opens the item it made then.
 */
export function Hl7UploadButton({ onUploaded }: { onUploaded: (itemId: string) => void }) {
  const upload = useUploadHl7Message();
  const failure = upload.error
    ? firstErrorMessage(upload.error, 'The message could not be added. Please try again.')
    : null;
  const add = (file: File) =>
    upload.mutate(file, {
      onSuccess: ({ id, created }) => {
        notifications.show(
          created
            ? { color: 'green', title: 'HL7 message added', message: 'It is in the queue, opened here.' }
            : {
                color: 'blue',
                title: 'Already in the queue',
                message: 'This message was received before: here is its item.',
              },
        );
        onUploaded(id);
      },
    });
  return (
    <Stack gap={6}>
      <FileButton
        onChange={(file) => file && add(file)}
        accept=".hl7,.er7,.txt,application/hl7-v2,text/plain"
      >
        {(props) => (
          <Button
            {...props}
            variant="default"
            leftSection={<IconFileUpload size={16} aria-hidden />}
            loading={upload.isPending}
          >
            Add an HL7 message
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="gray.7">
        A referral (REF^I12, a .hl7 file) saved from your secure messaging.
      </Text>
      {failure !== null && (
        <Alert color="red" variant="light" role="alert" title="The message was not added">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
