import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CaseConferenceInvitee } from '@referrals/domain/case-conferences/case-conference-schemas';
import { personName } from '@referrals/domain/people/person-name';
import type { Transaction } from '../../db/database.ts';
import { namesStartWith } from '../../db/name-search.ts';
import { caseConferenceParticipants } from '../../db/schema/case-conferences.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { employments, users } from '../../db/schema/people.ts';
import { validationFailed } from '../../http/api-errors.ts';
import type { ReferralRow } from '../referrals/referral-queries.ts';
import type { ConferenceRow } from './case-conference-access.ts';
import { writeCaseConferenceEvent } from './case-conference-events.ts';
import { notifyCaseConference } from './case-conference-notifications.ts';

export const INVITEE_MESSAGE =
  'Invite only approved staff of the referring or the receiving establishment of this referral.';

/** The most colleagues one search for invitees answers; a name narrows it further. */
const INVITEE_SEARCH_LIMIT = 20;

type Side = { side: 'sender' | 'receiver'; establishmentId: string };

/** The referral's sending and receiving establishments, with the side each stands for. */
function sidesOf(referral: ReferralRow): Side[] {
  return [
    { side: 'sender' as const, establishmentId: referral.from_establishment_id },
    { side: 'receiver' as const, establishmentId: referral.to_establishment_id },
  ].filter((entry): entry is Side => entry.establishmentId !== null);
}

/**
 * The invitees as participants: each must hold an approved employment at the referral's sending or
 * receiving establishment, which becomes the side they take part for (the sending one when both).
 */
export async function inviteesOf(tx: Transaction, referral: ReferralRow, userIds: string[]) {
  const sides = sidesOf(referral);
  if (userIds.length === 0) return [];
  const approved = await tx
    .select({ user_id: employments.user_id, establishment_id: employments.establishment_id })
    .from(employments)
    .where(
      and(
        inArray(employments.user_id, userIds),
        inArray(
          employments.establishment_id,
          sides.map((entry) => entry.establishmentId),
        ),
        eq(employments.status, 'APPROVED'),
      ),
    );
  return userIds.map((userId) => {
    const found = sides.find((entry) =>
      approved.some((row) => row.user_id === userId && row.establishment_id === entry.establishmentId),
    );
    if (!found) throw validationFailed({ participants: [INVITEE_MESSAGE] });
    return { userId, ...found };
  });
}

/**
 * Invites people into a conference: a participant_invited event and an invitation each, then one
 * notification round. Someone who left is invited again on their row (keeping their read mark); someone
 * already invited or taking part is left as they are. Answers who was invited now.
 */
export async function inviteParticipants(
  tx: Transaction,
  options: {
    conference: ConferenceRow;
    referral: ReferralRow;
    invitees: Awaited<ReturnType<typeof inviteesOf>>;
    inviterId: string;
    now: Date;
  },
): Promise<string[]> {
  const { conference, now } = options;
  const invited: string[] = [];
  for (const invitee of options.invitees) {
    const [row] = await tx
      .insert(caseConferenceParticipants)
      .values({
        conference_id: conference.id,
        user_id: invitee.userId,
        establishment_id: invitee.establishmentId,
        side: invitee.side,
        status: 'invited',
        invited_by_id: options.inviterId,
        created_at: now,
        updated_at: now,
      })
      .onConflictDoUpdate({
        target: [caseConferenceParticipants.conference_id, caseConferenceParticipants.user_id],
        set: {
          status: 'invited',
          establishment_id: invitee.establishmentId,
          side: invitee.side,
          invited_by_id: options.inviterId,
          updated_at: now,
        },
        where: eq(caseConferenceParticipants.status, 'left'),
      })
      .returning({ user_id: caseConferenceParticipants.user_id });
    if (!row) continue;
    invited.push(row.user_id);
    await writeCaseConferenceEvent(tx, {
      conferenceId: conference.id,
      kind: 'participant_invited',
      authorId: options.inviterId,
      participantId: invitee.userId,
      now,
    });
  }
  if (invited.length > 0) {
    await notifyCaseConference(tx, {
      conference,
      referral: options.referral,
      kind: 'participant_invited',
      actorId: options.inviterId,
      invited,
    });
  }
  return invited;
}

/**
 * Whom the caller may invite: approved staff of the referral's two establishments, by name, leaving out
 * the caller and anyone already invited to or taking part in the conference.
 */
export async function findInvitees(
  tx: Transaction,
  options: {
    referral: ReferralRow;
    conference: ConferenceRow | null;
    callerId: string;
    keyword: string | undefined;
  },
): Promise<CaseConferenceInvitee[]> {
  const sides = sidesOf(options.referral);
  const taking = options.conference
    ? sql`${users.id} not in (select ${caseConferenceParticipants.user_id} from ${caseConferenceParticipants}
        where ${caseConferenceParticipants.conference_id} = ${options.conference.id}
        and ${caseConferenceParticipants.status} <> 'left')`
    : sql`true`;
  const rows = await tx
    .select({
      id: users.id,
      title: users.title,
      first_name: users.first_name,
      last_name: users.last_name,
      establishment_id: establishments.id,
      establishment_name: establishments.name,
    })
    .from(employments)
    .innerJoin(users, eq(users.id, employments.user_id))
    .innerJoin(establishments, eq(establishments.id, employments.establishment_id))
    .where(
      and(
        inArray(
          employments.establishment_id,
          sides.map((entry) => entry.establishmentId),
        ),
        eq(employments.status, 'APPROVED'),
        ne(users.id, options.callerId),
        taking,
        ...namesStartWith(options.keyword),
      ),
    )
    .orderBy(asc(users.last_name), asc(users.first_name), asc(establishments.name))
    .limit(INVITEE_SEARCH_LIMIT * 2);
  // Someone employed at both establishments takes part for the sending one, as inviteesOf decides.
  const seen = new Map<string, CaseConferenceInvitee>();
  for (const row of rows) {
    const side = sides.find((entry) => entry.establishmentId === row.establishment_id)?.side ?? 'receiver';
    const known = seen.get(row.id);
    if (known && known.side === 'sender') continue;
    seen.set(row.id, {
      id: row.id,
      name: personName(row),
      side,
      establishment: { id: row.establishment_id, name: row.establishment_name },
    });
  }
  return [...seen.values()].slice(0, INVITEE_SEARCH_LIMIT);
}
