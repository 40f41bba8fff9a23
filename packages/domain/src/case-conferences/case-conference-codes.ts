import type { z } from 'zod';
import { defineCodeList } from '../codes.ts';

/** A case conference's status (spec section 4 Case conference): active, then closed for good. */
export const CASE_CONFERENCE_STATUSES = {
  active: 'Active',
  closed: 'Closed',
} as const;
export const caseConferenceStatuses = defineCodeList(CASE_CONFERENCE_STATUSES);
export const CaseConferenceStatusSchema = caseConferenceStatuses.schema;
export type CaseConferenceStatus = z.infer<typeof CaseConferenceStatusSchema>;

/**
 * Where one person stands in a conference (section 4's participant status): asked in by someone, taking
 * part (the owner from the start, anyone else once they join), or gone after leaving. Someone with no row
 * at all has no participant status (null).
 */
export const PARTICIPANT_STATUSES = {
  invited: 'Invited',
  joined: 'Joined',
  left: 'Left',
} as const;
export const participantStatuses = defineCodeList(PARTICIPANT_STATUSES);
export const ParticipantStatusSchema = participantStatuses.schema;
export type ParticipantStatus = z.infer<typeof ParticipantStatusSchema>;

/** The events of a conference's thread (section 4 Case conference), in the order they happen. */
export const CASE_CONFERENCE_EVENT_KINDS = {
  participant_invited: 'Participant invited',
  message: 'Message',
  one_day_warning: 'One day left',
  closed: 'Closed',
} as const;
export const caseConferenceEventKinds = defineCodeList(CASE_CONFERENCE_EVENT_KINDS);
export const CaseConferenceEventKindSchema = caseConferenceEventKinds.schema;
export type CaseConferenceEventKind = z.infer<typeof CaseConferenceEventKindSchema>;
