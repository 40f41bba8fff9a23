import {
  CaseConferenceEventPageSchema,
  CaseConferenceEventSchema,
  CaseConferenceInviteeSchema,
  CaseConferenceSchema,
  type CaseConference,
  type CaseConferenceEvent,
  type CaseConferenceEventPage,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { referralsKey } from '@/lib/referrals-key';

/** How often an open conference asks for new messages and read marks: one small call per interval. */
export const CASE_CONFERENCE_POLL_MS = 3000;
/** How often the conference itself (who takes part, its status) is read again while nothing happens. */
const CASE_CONFERENCE_REFRESH_MS = 30_000;
const THREAD_PAGE_SIZE = 100;

const base = (referralId: string) => `/api/referrals/${encodeURIComponent(referralId)}/case/`;

/** Under the referrals key, so an action on the referral refreshes its conference too. */
export const caseConferenceKey = (referralId: string) => [...referralsKey, 'case-conference', referralId];
const threadKey = (referralId: string, conferenceId: string) => [
  ...caseConferenceKey(referralId),
  'thread',
  conferenceId,
];

/** GET referrals/{id}/case/: the referral's newest conference, or null when it never had one. */
export function useCaseConference(referralId: string) {
  return useQuery({
    queryKey: caseConferenceKey(referralId),
    queryFn: async ({ signal }) => {
      try {
        return await apiClient(base(referralId), { schema: CaseConferenceSchema, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    refetchInterval: (query) =>
      query.state.data?.status.value === 'active' ? CASE_CONFERENCE_REFRESH_MS : false,
  });
}

/** The thread as the screen keeps it: every event so far, oldest first, and where each read mark stands. */
export type CaseConferenceThread = {
  events: CaseConferenceEvent[];
  readMarks: CaseConferenceEventPage['read_marks'];
};

/** Adds events to a thread once each, in the order they were written (ids increase). */
export function mergeEvents(known: CaseConferenceEvent[], added: CaseConferenceEvent[]) {
  const byId = new Map(known.map((event) => [event.id, event]));
  for (const event of added) byId.set(event.id, event);
  return [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id));
}

function readEvents(
  referralId: string,
  query: Record<string, string | number>,
  signal: AbortSignal,
): Promise<CaseConferenceEventPage> {
  return apiClient(`${base(referralId)}events/`, {
    query: { ...query, page_size: THREAD_PAGE_SIZE },
    schema: CaseConferenceEventPageSchema,
    signal,
  });
}

/** The whole thread, page by page. */
async function readWholeThread(referralId: string, signal: AbortSignal): Promise<CaseConferenceThread> {
  const events: CaseConferenceEvent[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await readEvents(referralId, { page }, signal);
    events.push(...answer.results);
    if (answer.next === null || answer.results.length === 0) {
      return { events, readMarks: answer.read_marks };
    }
  }
}

/** What is newer than the event `after`, following `next` while more wait. */
async function readNewer(referralId: string, after: string, signal: AbortSignal) {
  const events: CaseConferenceEvent[] = [];
  for (let from = after; ;) {
    const answer = await readEvents(referralId, { after: from }, signal);
    events.push(...answer.results);
    const last = answer.results.at(-1);
    if (answer.next === null || last === undefined) return { events, readMarks: answer.read_marks };
    from = last.id;
  }
}

/**
 * The conference's thread, polled while it is active: the first read takes the whole thread, every poll
 * after that only what is newer than the last event held (GET case/events/?after=), with the read marks.
 */
export function useCaseConferenceThread(referralId: string, conference: CaseConference | null) {
  const queryClient = useQueryClient();
  const conferenceId = conference?.id ?? '';
  const key = threadKey(referralId, conferenceId);
  return useQuery({
    queryKey: key,
    enabled: conference !== null,
    queryFn: async ({ signal }): Promise<CaseConferenceThread> => {
      const known = queryClient.getQueryData<CaseConferenceThread>(key);
      const last = known?.events.at(-1)?.id;
      if (!known || last === undefined) return readWholeThread(referralId, signal);
      const newer = await readNewer(referralId, last, signal);
      return { events: mergeEvents(known.events, newer.events), readMarks: newer.readMarks };
    },
    refetchInterval: conference?.status.value === 'active' ? CASE_CONFERENCE_POLL_MS : false,
  });
}

/** Puts a message the caller just wrote into the thread without waiting for the next poll. */
export function useAddToThread(referralId: string, conferenceId: string) {
  const queryClient = useQueryClient();
  return (event: CaseConferenceEvent) =>
    queryClient.setQueryData<CaseConferenceThread>(threadKey(referralId, conferenceId), (thread) =>
      thread ? { ...thread, events: mergeEvents(thread.events, [event]) } : thread,
    );
}

/** POST case/: starts a conference, inviting colleagues. */
export function startCaseConference(referralId: string, participants: string[]) {
  return apiClient(base(referralId), {
    method: 'POST',
    body: { participants },
    schema: CaseConferenceSchema,
  });
}

/** POST case/{join|leave|close}/. */
export function caseConferenceAction(referralId: string, action: 'join' | 'leave' | 'close') {
  return apiClient(`${base(referralId)}${action}/`, { method: 'POST', schema: CaseConferenceSchema });
}

/** POST case/participants/: invites more colleagues into an open conference. */
export function inviteToCaseConference(referralId: string, participants: string[]) {
  return apiClient(`${base(referralId)}participants/`, {
    method: 'POST',
    body: { participants },
    schema: CaseConferenceSchema,
  });
}

/** POST case/events/: a message. */
export function postCaseConferenceMessage(referralId: string, message: string) {
  return apiClient(`${base(referralId)}events/`, {
    method: 'POST',
    body: { message },
    schema: CaseConferenceEventSchema,
  });
}

/** POST case/read/: the caller's read mark moves to this event. */
export function markCaseConferenceRead(referralId: string, eventId: string) {
  return apiClient(`${base(referralId)}read/`, {
    method: 'POST',
    body: { message_id: eventId },
    schema: CaseConferenceSchema,
  });
}

/** GET case/invitees/: colleagues of either side who may be invited, by name. */
export function findCaseConferenceInvitees(referralId: string, keyword: string, signal?: AbortSignal) {
  return apiClient(`${base(referralId)}invitees/`, {
    query: { keyword: keyword.trim() === '' ? undefined : keyword.trim() },
    schema: z.array(CaseConferenceInviteeSchema),
    signal,
  });
}

/** GET case/archive/: the closed conference's PDF. */
export function getCaseConferenceArchive(referralId: string): Promise<Blob> {
  return apiClient<Blob>(`${base(referralId)}archive/`, { responseType: 'blob' });
}
