import { Alert, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { CaseConference } from '@referrals/domain/case-conferences/case-conference-schemas';
import { formatDateTime } from '@referrals/domain/dates';
import { IconMessages } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { firstErrorMessage } from '@/lib/form-errors';
import { referralsKey } from '@/lib/referrals-key';
import { DownloadButton } from '@/ui/download-button';
import {
  caseConferenceKey,
  getCaseConferenceArchive,
  markCaseConferenceRead,
  useCaseConference,
  useCaseConferenceThread,
} from './case-conference-calls';
import { CaseConferenceActions } from './case-conference-actions';
import { CaseConferenceParticipants } from './case-conference-participants';
import { CaseConferenceThreadView } from './case-conference-thread';
import { MessageComposer } from './message-composer';
import { StartCaseConference } from './start-case-conference';

const TITLE_ID = 'case-conference-title';

/** The caller's own read mark in the conference, or null. */
function myReadMark(conference: CaseConference): string | null {
  return conference.participants.find((participant) => participant.is_you)?.last_read_event_id ?? null;
}

/**
 * Moves the caller's read mark to the newest event shown, whenever one arrives while the page is in view,
 * so the unread counts fall as the conversation is read.
 */
function useReadMark(referralId: string, conference: CaseConference, newest: string | undefined) {
  const queryClient = useQueryClient();
  const marking = useRef<string | null>(null);
  useEffect(() => {
    if (newest === undefined || !conference.allowed_actions.includes('read')) return;
    const mark = myReadMark(conference);
    if (mark !== null && Number(mark) >= Number(newest)) return;
    if (marking.current === newest || document.visibilityState !== 'visible') return;
    marking.current = newest;
    markCaseConferenceRead(referralId, newest)
      .then(async (answer) => {
        // A read of the conference started before the mark moved would put the old mark back.
        await queryClient.cancelQueries({ queryKey: caseConferenceKey(referralId), exact: true });
        queryClient.setQueryData(caseConferenceKey(referralId), answer);
        return queryClient.invalidateQueries({ queryKey: [...referralsKey, 'stats'] });
      })
      .catch(() => {
        // Tried again with the next event or visit; a read mark is never worth an error on screen.
        marking.current = null;
      });
  }, [referralId, conference, newest, queryClient]);
}

/**
 * Reads the conference again when its thread moves on: an invitation or the close changes who takes
 * part and what they may do, and the poll only brings the events.
 */
function useFollowThread(referralId: string, newest: string | undefined) {
  const queryClient = useQueryClient();
  const followed = useRef(newest);
  useEffect(() => {
    if (newest === undefined) return;
    if (followed.current !== undefined && followed.current !== newest) {
      void queryClient.invalidateQueries({ queryKey: caseConferenceKey(referralId), exact: true });
    }
    followed.current = newest;
  }, [referralId, newest, queryClient]);
}

/** What the caller may do now, in a sentence, when they cannot write. */
function readOnlyNote(conference: CaseConference): string {
  if (conference.status.value === 'closed') {
    const when = conference.closed_at ? formatDateTime(conference.closed_at) : '';
    return conference.closed_by
      ? `${conference.closed_by.name} closed this case conference on ${when}. It can be read but not added to.`
      : `This case conference closed on ${when} at the end of its 14 days. It can be read but not added to.`;
  }
  if (conference.can_join) {
    return conference.participant_status?.value === 'invited'
      ? 'You are invited. Join to write to the others.'
      : 'You are reading this case conference. Join to write to the others.';
  }
  return 'You are reading this case conference.';
}

/** An open or closed conference: who, when, what they said, and the box to say more. */
function ConferenceView({ referralId, conference }: { referralId: string; conference: CaseConference }) {
  const thread = useCaseConferenceThread(referralId, conference);
  const [newAfter] = useState(() => myReadMark(conference));
  const newest = thread.data?.events.at(-1)?.id;
  useFollowThread(referralId, newest);
  useReadMark(referralId, conference, newest);
  const active = conference.status.value === 'active';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          {/* What is unread shows as "New" in the thread, which reading it clears. */}
          <Badge color={active ? 'green' : 'gray'} variant="light">
            {conference.status.display}
          </Badge>
          <Text size="sm" c="gray.7">
            {`Started by ${conference.is_owner ? 'you' : conference.owner.name} on ${formatDateTime(conference.started_at)}`}
            {active ? ` · Closes by itself on ${formatDateTime(conference.ends_at)}` : ''}
          </Text>
        </Stack>
        <CaseConferenceActions referralId={referralId} conference={conference} />
      </Group>
      <CaseConferenceParticipants conference={conference} />
      <Paper withBorder radius="md" p="md" bg="gray.0">
        {thread.isPending ? (
          <Loader size="sm" aria-label="Loading the messages" />
        ) : thread.isError ? (
          <Text role="alert" c="red.8" size="sm">
            The messages could not be loaded. They will be tried again shortly.
          </Text>
        ) : (
          <CaseConferenceThreadView conference={conference} thread={thread.data} newAfter={newAfter} />
        )}
      </Paper>
      {conference.allowed_actions.includes('message') ? (
        <MessageComposer referralId={referralId} conferenceId={conference.id} />
      ) : (
        <Text size="sm" c="gray.7">
          {readOnlyNote(conference)}
        </Text>
      )}
      {conference.archive_pdf !== null && (
        <DownloadButton
          fetchFile={() => getCaseConferenceArchive(referralId)}
          fileName={`case-conference-${conference.id}.pdf`}
          failure={(error) => firstErrorMessage(error, 'The archive could not be downloaded.')}
        >
          Download the archive (PDF)
        </DownloadButton>
      )}
    </Stack>
  );
}

/**
 * The referral's case conference (spec section 2, `tab=conference`; docs/case-conferences.md): a time-boxed
 * discussion between both sides of the referral and colleagues they invite. Either side starts one when
 * the receiving establishment holds them; `unavailable` says why this referral cannot have one.
 */
export function CaseConferenceSection({
  referralId,
  unavailable,
  focus,
}: {
  referralId: string;
  /** Why no conference can be started here, or null when the caller may start one. */
  unavailable: string | null;
  focus: boolean;
}) {
  const conference = useCaseConference(referralId);
  const section = useRef<HTMLElement>(null);
  // Once, when it first shows: the conference is read again as it moves, and must not pull the page back.
  const scrolled = useRef(false);
  const loaded = conference.data !== undefined;
  useEffect(() => {
    if (!focus || !loaded || scrolled.current) return;
    scrolled.current = true;
    section.current?.scrollIntoView({ block: 'start' });
  }, [focus, loaded]);
  const current = conference.data ?? null;
  const mayStart = unavailable === null && (current === null || current.allowed_actions.includes('create'));
  if (!focus && current === null && !mayStart && !conference.isPending) return null;
  return (
    <Paper
      ref={section}
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby={TITLE_ID}
      id="case-conference"
      // Scrolled to under the sticky header, not behind it.
      style={{ scrollMarginTop: 76 }}
    >
      <Stack gap="md">
        <Group gap="xs">
          <IconMessages size={20} aria-hidden />
          <Title order={2} size="h4" id={TITLE_ID}>
            Case conference
          </Title>
        </Group>
        {conference.isPending ? (
          <Loader size="sm" aria-label="Loading the case conference" />
        ) : conference.isError ? (
          <Alert color="red" variant="light" role="alert">
            The case conference could not be loaded. Please try again.
          </Alert>
        ) : (
          <>
            {current !== null && <ConferenceView referralId={referralId} conference={current} />}
            {mayStart && <StartCaseConference referralId={referralId} again={current !== null} />}
            {current === null && !mayStart && (
              <Text size="sm" c="gray.7">
                {unavailable}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
