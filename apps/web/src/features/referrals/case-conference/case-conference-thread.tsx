import { Badge, Box, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import type {
  CaseConference,
  CaseConferenceEvent,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import { formatDateTime } from '@referrals/domain/dates';
import type { CaseConferenceThread } from './case-conference-calls';

/** The sentence of an event that is not a message. */
function noteOf(event: CaseConferenceEvent): string {
  const who = event.author?.name;
  switch (event.kind.value) {
    case 'participant_invited':
      return `${who ?? 'Someone'} invited ${event.participant?.name ?? 'a colleague'}`;
    case 'one_day_warning':
      return 'This case conference closes in a day.';
    case 'closed':
      return who
        ? `${who} closed the case conference`
        : 'The case conference closed at the end of its 14 days';
    default:
      return event.kind.display;
  }
}

/**
 * Who has read up to each message: a participant's name goes under the newest message their read mark
 * has reached (as a chat shows "Seen"), leaving out the caller and the message's own author.
 */
export function seenUnder(conference: CaseConference, thread: CaseConferenceThread): Map<string, string[]> {
  const messages = thread.events.filter((event) => event.kind.value === 'message');
  const seen = new Map<string, string[]>();
  for (const participant of conference.participants) {
    if (participant.is_you) continue;
    const mark =
      thread.readMarks.find((entry) => entry.user_id === participant.user.id)?.last_read_event_id ??
      participant.last_read_event_id;
    if (mark === null) continue;
    const reached = messages.filter(
      (event) => Number(event.id) <= Number(mark) && event.author?.id !== participant.user.id,
    );
    const last = reached.at(-1);
    if (last === undefined) continue;
    seen.set(last.id, [...(seen.get(last.id) ?? []), participant.user.name]);
  }
  return seen;
}

/**
 * The conversation: messages with their author and time, the invitations, the warning and the close as
 * quiet lines between them, "New" above what arrived since the caller last read, and the read marks.
 * A log region, so a screen reader hears a new message arrive.
 */
export function CaseConferenceThreadView({
  conference,
  thread,
  newAfter,
}: {
  conference: CaseConference;
  thread: CaseConferenceThread;
  /** The caller's read mark when they opened it: messages by others after it are new. */
  newAfter: string | null;
}) {
  const me = conference.participants.find((participant) => participant.is_you)?.user.id;
  const seen = seenUnder(conference, thread);
  const firstNew = thread.events.find(
    (event) =>
      event.kind.value === 'message' &&
      event.author?.id !== me &&
      (newAfter === null || Number(event.id) > Number(newAfter)),
  );
  return (
    <Stack gap="sm" role="log" aria-label="Case conference messages" aria-live="polite">
      {thread.events.length === 0 && (
        <Text size="sm" c="gray.7">
          No messages yet.
        </Text>
      )}
      {thread.events.map((event) => (
        <Box key={event.id}>
          {event.id === firstNew?.id && <Divider label="New" labelPosition="center" color="blue.6" mb="sm" />}
          {event.kind.value === 'message' ? (
            <Group justify={event.author?.id === me ? 'flex-end' : 'flex-start'}>
              <Paper
                withBorder
                radius="md"
                px="md"
                py="xs"
                maw="85%"
                bg={event.author?.id === me ? 'blue.0' : undefined}
              >
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={650}>
                    {event.author?.id === me ? 'You' : (event.author?.name ?? 'Someone')}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {formatDateTime(event.created_at)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {event.message}
                </Text>
                {seen.has(event.id) && (
                  <Text size="xs" c="gray.7" mt={4}>
                    Seen by {seen.get(event.id)?.join(', ')}
                  </Text>
                )}
              </Paper>
            </Group>
          ) : (
            <Group justify="center" gap="xs">
              {event.kind.value === 'one_day_warning' && (
                <Badge color="orange" variant="light">
                  Closing soon
                </Badge>
              )}
              <Text size="xs" c="gray.7">
                {noteOf(event)} · {formatDateTime(event.created_at)}
              </Text>
            </Group>
          )}
        </Box>
      ))}
    </Stack>
  );
}
