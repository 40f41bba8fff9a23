import type {
  CaseConference,
  CaseConferenceInvite,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import type { Database } from '../../db/database.ts';
import { recordAudit } from '../audit/record-audit.ts';
import {
  checkCaseConferenceAction,
  inCaseConference,
  type CaseConferenceCall,
} from './case-conference-access.ts';
import { inviteesOf, inviteParticipants } from './case-conference-invitations.ts';
import { conferenceDetail } from './case-conference-queries.ts';

/**
 * POST referrals/{id}/case/participants/: someone taking part invites more colleagues of either side
 * while the conference is open (the lifecycle's invite). Each new invitee gets a participant_invited event
 * and a notification; someone already invited or taking part is left as they are.
 */
export async function inviteCaseConferenceParticipants(
  db: Database,
  options: CaseConferenceCall & { body: CaseConferenceInvite; now: Date },
): Promise<CaseConference> {
  const { caller, now } = options;
  return inCaseConference(db, { ...options, lock: true }, async (tx, access) => {
    checkCaseConferenceAction(access, 'invite');
    const { conference, referral } = access;
    if (!conference) throw new Error('invite passed its checks');
    const ids = [...new Set(options.body.participants)].filter((id) => id !== caller.userId);
    const invitees = await inviteesOf(tx, referral, ids);
    const invited = await inviteParticipants(tx, {
      conference,
      referral,
      invitees,
      inviterId: caller.userId,
      now,
    });
    await recordAudit(tx, options.actor, {
      action: 'case_conference.invite',
      resourceType: 'case_conference',
      resourceId: conference.id,
      patientId: referral.patient_id,
      detail: { referral_id: referral.id, invited: invited.length },
    });
    return conferenceDetail(tx, access, caller.userId);
  });
}
