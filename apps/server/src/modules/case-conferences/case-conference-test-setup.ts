import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import type { Person } from '../establishments/establishment-test-people.ts';
import type { CaseConference } from '@referrals/domain/case-conferences/case-conference-schemas';

/** The paths of a referral's case conference. */
export function conferencePaths(referralId: string) {
  const base = `/api/referrals/${referralId}/case/`;
  return {
    base,
    action: (name: 'join' | 'leave' | 'close' | 'read') => `${base}${name}/`,
    events: `${base}events/`,
    participants: `${base}participants/`,
    invitees: `${base}invitees/`,
    archive: `${base}archive/`,
  };
}

/** Lets the establishment hold case conferences (section 3 Establishment: case_conferences_enabled). */
export async function enableCaseConferences(db: Queryable, establishmentId: string): Promise<void> {
  await db
    .update(establishments)
    .set({ case_conferences_enabled: true })
    .where(eq(establishments.id, establishmentId));
}

/** A conference started by `owner` on the referral, inviting `invited`, as the API answers it. */
export async function startConference(
  owner: Person,
  referralId: string,
  invited: Person[] = [],
): Promise<CaseConference> {
  const res = await owner.api('POST', conferencePaths(referralId).base, {
    participants: invited.map((person) => person.user.id),
  });
  if (res.statusCode !== 201) throw new Error(`start conference: ${res.statusCode} ${res.body}`);
  return res.json<CaseConference>();
}
