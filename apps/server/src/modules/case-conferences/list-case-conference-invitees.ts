import type {
  CaseConferenceInvitee,
  CaseConferenceInviteesQuery,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import { allowedCaseConferenceActions } from '@referrals/domain/case-conferences/case-conference-lifecycle';
import type { Database } from '../../db/database.ts';
import { permissionDenied } from '../../http/api-errors.ts';
import { inCaseConference, type CaseConferenceCall } from './case-conference-access.ts';
import { findInvitees } from './case-conference-invitations.ts';

/**
 * GET referrals/{id}/case/invitees/: the colleagues the caller may invite, for whoever may start the
 * conference or invite into it now (403 for anyone else who reaches it). Staff names only, no patient data.
 */
export async function listCaseConferenceInvitees(
  db: Database,
  options: CaseConferenceCall & { query: CaseConferenceInviteesQuery },
): Promise<CaseConferenceInvitee[]> {
  return inCaseConference(db, options, async (tx, access) => {
    const allowed = allowedCaseConferenceActions(access.context);
    const mayInvite = allowed.includes('invite') || (allowed.includes('create') && access.seesReferral);
    if (!mayInvite) throw permissionDenied();
    return findInvitees(tx, {
      referral: access.referral,
      conference: access.conference?.status === 'active' ? access.conference : null,
      callerId: options.caller.userId,
      keyword: options.query.keyword,
    });
  });
}
