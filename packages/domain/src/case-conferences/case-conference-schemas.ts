import { z } from 'zod';
import { CodedValueSchema, pageOf, PageQuerySchema } from '../api.ts';
import { REQUIRED_MESSAGE } from '../field-messages.ts';
import { ReferralSideSchema } from '../referrals/referral-schemas.ts';
import { trimmedText } from '../text-fields.ts';
import { CaseConferenceStatusSchema } from './case-conference-codes.ts';
import { CASE_CONFERENCE_ACTION_NAMES, type CaseConferenceAction } from './case-conference-lifecycle.ts';

/** The most people one create may invite; a conference is a discussion, not a mailing list. */
export const MAX_CASE_CONFERENCE_INVITES = 50;
/** The longest message, in characters. */
export const MAX_CASE_CONFERENCE_MESSAGE = 5000;

/**
 * An event id: its position in the referral's conference thread, a whole number sent as a string. Events
 * are numbered in the order they were written, so "after this id" is "everything newer" (polling).
 */
export const CaseConferenceEventIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,17}$/, { message: 'Must be an event id.' });

/** POST referrals/{id}/case/: starts a conference, inviting colleagues of either side of the referral. */
export const CaseConferenceCreateSchema = z.object({
  /** User ids of approved staff of the referral's sending or receiving establishment. */
  participants: z
    .array(z.uuid({ message: 'Must be a valid id.' }))
    .max(MAX_CASE_CONFERENCE_INVITES)
    .default([]),
});
export type CaseConferenceCreate = z.infer<typeof CaseConferenceCreateSchema>;

/** POST referrals/{id}/case/participants/: invites more colleagues into an open conference. */
export const CaseConferenceInviteSchema = z.object({
  participants: CaseConferenceCreateSchema.shape.participants.unwrap().min(1, { message: REQUIRED_MESSAGE }),
});
export type CaseConferenceInvite = z.infer<typeof CaseConferenceInviteSchema>;

/** GET referrals/{id}/case/invitees/: whom the caller may invite, found by name. */
export const CaseConferenceInviteesQuerySchema = z.object({
  keyword: trimmedText(100).optional(),
});
export type CaseConferenceInviteesQuery = z.infer<typeof CaseConferenceInviteesQuerySchema>;

/** One colleague who may be invited: approved staff of the referral's sending or receiving establishment. */
export const CaseConferenceInviteeSchema = z.object({
  id: z.string(),
  name: z.string(),
  side: z.enum(['sender', 'receiver']),
  establishment: z.object({ id: z.string(), name: z.string() }),
});
export type CaseConferenceInvitee = z.infer<typeof CaseConferenceInviteeSchema>;

/** POST referrals/{id}/case/events/: a message to the conference. */
export const CaseConferenceMessageSchema = z.object({
  message: trimmedText(MAX_CASE_CONFERENCE_MESSAGE).min(1, { message: REQUIRED_MESSAGE }),
});
export type CaseConferenceMessage = z.infer<typeof CaseConferenceMessageSchema>;

/** POST referrals/{id}/case/read/ (section 7: messageId): everything up to this event has been read. */
export const CaseConferenceReadSchema = z.object({ message_id: CaseConferenceEventIdSchema });
export type CaseConferenceRead = z.infer<typeof CaseConferenceReadSchema>;

/** GET referrals/{id}/case/events/: oldest first, paged; `after` polls for what is newer than an event. */
export const CaseConferenceEventsQuerySchema = PageQuerySchema.extend({
  after: CaseConferenceEventIdSchema.optional(),
});
export type CaseConferenceEventsQuery = z.infer<typeof CaseConferenceEventsQuerySchema>;

/** GET referrals/cases/invited/: the conferences the caller takes part in or is invited to. */
export const InvitedCaseConferencesQuerySchema = PageQuerySchema.extend({
  status: CaseConferenceStatusSchema.optional(),
  box: z.enum(['inbox', 'outbox']).optional(),
});
export type InvitedCaseConferencesQuery = z.infer<typeof InvitedCaseConferencesQuerySchema>;

const PersonRefSchema = z.object({ id: z.string(), name: z.string() });
const PlaceRefSchema = z.object({ id: z.string(), name: z.string() });

/**
 * The referral a conference is about, enough for its page and lists: an invited colleague who cannot open
 * the referral itself still sees whom and what the conference is about.
 */
export const CaseConferenceReferralSchema = z.object({
  id: z.string(),
  status: CodedValueSchema,
  patient: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  from_establishment: PlaceRefSchema.nullable(),
  to_establishment: PlaceRefSchema.nullable(),
});

/** One person of a conference: their status, the side of the referral they are on, and their establishment. */
export const CaseConferenceParticipantSchema = z.object({
  user: PersonRefSchema,
  status: CodedValueSchema,
  side: z.enum(['sender', 'receiver']),
  establishment: PlaceRefSchema,
  is_owner: z.boolean(),
  /** The caller's own row: their messages and read mark are theirs. */
  is_you: z.boolean(),
  /** The newest event they have marked as read (their read mark), or null. */
  last_read_event_id: z.string().nullable(),
});
export type CaseConferenceParticipant = z.infer<typeof CaseConferenceParticipantSchema>;

const ActionSchema = z.enum(
  CASE_CONFERENCE_ACTION_NAMES as [CaseConferenceAction, ...CaseConferenceAction[]],
);

/** GET referrals/{id}/case/ and every action's answer (section 3 Case conference state). */
export const CaseConferenceSchema = z.object({
  id: z.string(),
  referral: CaseConferenceReferralSchema,
  status: CodedValueSchema,
  owner: PersonRefSchema,
  started_at: z.string(),
  /** When the conference closes by itself (14 days after its start, section 9). */
  ends_at: z.string(),
  closed_at: z.string().nullable(),
  /** Who closed it; null while active, and when it closed at the end of its 14 days. */
  closed_by: PersonRefSchema.nullable(),
  is_owner: z.boolean(),
  /** The caller may join: invited, left, or on either side of the referral without a participant row. */
  can_join: z.boolean(),
  /** The caller's own status; null when they have no participant row (reading as one of the sides). */
  participant_status: CodedValueSchema.nullable(),
  /** The caller cannot post: the conference is closed or they are not taking part. */
  is_read_only: z.boolean(),
  side: ReferralSideSchema,
  allowed_actions: z.array(ActionSchema),
  participants: z.array(CaseConferenceParticipantSchema),
  /** Messages by others after the caller's read mark (0 for someone with no participant row). */
  unread: z.int(),
  /** The newest event's id, to poll case/events/?after= from; null before any. */
  last_event_id: z.string().nullable(),
  /** The archive PDF's address once closed (GET referrals/{id}/case/archive/), else null. */
  archive_pdf: z.string().nullable(),
});
export type CaseConference = z.infer<typeof CaseConferenceSchema>;

/** One event of the thread (section 4 Case conference: participant_invited, message, one_day_warning, closed). */
export const CaseConferenceEventSchema = z.object({
  id: z.string(),
  kind: CodedValueSchema,
  created_at: z.string(),
  /** Who wrote the message, invited someone or closed it; null for the job's warning and close. */
  author: PersonRefSchema.nullable(),
  /** participant_invited: who was invited. */
  participant: PersonRefSchema.nullable(),
  /** message: the text; else null. */
  message: z.string().nullable(),
});
export type CaseConferenceEvent = z.infer<typeof CaseConferenceEventSchema>;
/**
 * A page of the thread, with where each participant's read mark stands now: a client polling for new
 * messages sees the others' read marks move without asking for the whole conference again.
 */
export const CaseConferenceEventPageSchema = pageOf(CaseConferenceEventSchema).extend({
  read_marks: z.array(z.object({ user_id: z.string(), last_read_event_id: z.string().nullable() })),
});
export type CaseConferenceEventPage = z.infer<typeof CaseConferenceEventPageSchema>;

/** One row of GET referrals/cases/invited/. */
export const InvitedCaseConferenceSchema = z.object({
  id: z.string(),
  referral: CaseConferenceReferralSchema,
  status: CodedValueSchema,
  ends_at: z.string(),
  closed_at: z.string().nullable(),
  is_owner: z.boolean(),
  participant_status: CodedValueSchema,
  /** The side of the referral the caller takes part for: inbox is receiver, outbox is sender. */
  side: z.enum(['sender', 'receiver']),
  unread: z.int(),
  last_event_at: z.string().nullable(),
});
export type InvitedCaseConference = z.infer<typeof InvitedCaseConferenceSchema>;
export const InvitedCaseConferencePageSchema = pageOf(InvitedCaseConferenceSchema);

/** The navigation's Case Conferences counters (section 2 Layout): active ones and unread messages per box. */
export const CaseConferenceStatsSchema = z.object({
  inbox: z.object({ active: z.int(), unread: z.int() }),
  outbox: z.object({ active: z.int(), unread: z.int() }),
});
export type CaseConferenceStats = z.infer<typeof CaseConferenceStatsSchema>;

/** A 409: the conference's status refuses the action, named as the status is (api-conventions.md). */
export const CaseConferenceConflictSchema = z.object({ detail: z.string(), status: CodedValueSchema });

/**
 * What a case conference notification carries (scope `case_conference`, action the event kind), so the
 * notifications panel links to the referral's conference tab without reading it. `access` is the
 * recipient's side of the referral.
 */
export const CaseConferenceNotificationDetailsSchema = z.object({
  referral_id: z.string(),
  conference_id: z.string(),
  access: z.enum(['sender', 'receiver']),
  /** Who acted; id null for the job's warning and close. */
  actioned_by: z.object({ id: z.string().nullable(), name: z.string() }),
});
export type CaseConferenceNotificationDetails = z.infer<typeof CaseConferenceNotificationDetailsSchema>;
