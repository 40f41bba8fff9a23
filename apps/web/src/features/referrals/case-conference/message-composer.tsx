import { Button, Group, Stack, Textarea } from '@mantine/core';
import { MAX_CASE_CONFERENCE_MESSAGE } from '@referrals/domain/case-conferences/case-conference-schemas';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { ApiError } from '@/lib/api-error';
import { firstErrorMessage } from '@/lib/form-errors';
import { caseConferenceKey, postCaseConferenceMessage, useAddToThread } from './case-conference-calls';

/**
 * The box to write to the others. What is typed stays until the server has taken it: a refusal (the
 * conference closed meanwhile) shows the server's words and keeps the text. Ctrl+Enter sends.
 */
export function MessageComposer({ referralId, conferenceId }: { referralId: string; conferenceId: string }) {
  const [text, setText] = useState('');
  const addToThread = useAddToThread(referralId, conferenceId);
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (message: string) => postCaseConferenceMessage(referralId, message),
    onSuccess: (event) => {
      addToThread(event);
      setText('');
    },
    onError: async (error) => {
      // A 409 means the conference changed under us (closed): show it as it now is.
      if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: caseConferenceKey(referralId) });
      }
    },
  });
  const submit = () => {
    if (text.trim() === '' || send.isPending) return;
    send.mutate(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <Stack gap="xs">
      <Textarea
        label="Your message"
        description="Everyone taking part sees it. Ctrl+Enter sends."
        autosize
        minRows={2}
        maxRows={8}
        maxLength={MAX_CASE_CONFERENCE_MESSAGE}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        error={
          send.isError
            ? firstErrorMessage(send.error, 'The message could not be sent. Please try again.')
            : undefined
        }
      />
      <Group justify="flex-end">
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={submit}
          loading={send.isPending}
          disabled={text.trim() === ''}
        >
          Send
        </Button>
      </Group>
    </Stack>
  );
}
