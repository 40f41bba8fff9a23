import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  DRAFT_HAS_NO_LINK,
  PATIENT_HAS_NO_EMAIL,
  PATIENT_LINK_SENT,
} from '@referrals/domain/external-access/external-access-schemas';
import { auditLog } from '../../db/schema/audit-log.ts';
import { referralAccessLinks } from '../../db/schema/external-access.ts';
import { patients } from '../../db/schema/patients.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { readMailbox } from '../../../test/mailbox.ts';
import { insertReferral } from '../referrals/actions/referral-action-test-setup.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import { verified } from './access-test-setup.ts';

describe('a link for the patient of an in-app referral, sent from the app (docs/external-access.md)', () => {
  let t: TestApp;
  let p: ReferralParties;
  const address = 'olivia.link@mail.example';
  const send = (who: ReferralParties['gp'], id: string) =>
    who.api('POST', `/api/referrals/${id}/patient-link/`);
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
    await t.database.db.update(patients).set({ email: address }).where(eq(patients.id, p.patient.id));
  });
  afterAll(() => t.app.close());

  it('either side mails the patient a link to their address on record, which opens the referral once they say who they are', async () => {
    const referral = await insertReferral(t.database.db, p, { submitted_at: new Date() });
    const before = (await readMailbox(t.app)).length;
    const sent = await send(p.specialist, referral.id);
    expect([sent.statusCode, sent.json()]).toEqual([202, { detail: PATIENT_LINK_SENT }]);
    expect((await send(p.gp, referral.id)).statusCode).toBe(202);
    const mails = (await readMailbox(t.app)).slice(before).filter((mail) => mail.to === address);
    expect(mails).toHaveLength(2);
    expect(JSON.stringify(sent.json())).not.toContain('access=');

    const token = /access=([\w-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    const [patient] = await t.database.db.select().from(patients).where(eq(patients.id, p.patient.id));
    const session = await verified(t.app, token, {
      last_name: patient?.last_name,
      first_name: patient?.first_name,
      dob: patient?.dob,
    });
    expect(session.referral).toMatchObject({ id: referral.id });
    const links = await t.database.db
      .select()
      .from(referralAccessLinks)
      .where(eq(referralAccessLinks.referral_id, referral.id));
    expect(links.map((link) => link.audience)).toEqual(['patient', 'patient']);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, referral.id), eq(auditLog.action, 'referral.access-link.issue')));
    expect(audits.map((row) => [row.actor_id, (row.detail as { sent_by: string }).sent_by]).sort()).toEqual(
      [
        [p.gp.user.id, 'sender'],
        [p.specialist.user.id, 'receiver'],
      ].sort(),
    );
    expect(JSON.stringify(audits)).not.toContain(address);
  });

  it('refuses an outsider (404), a draft (409), a patient without an address (400) and a fourth link in an hour (429), sending nothing', async () => {
    const referral = await insertReferral(t.database.db, p, { submitted_at: new Date() });
    const draft = await insertReferral(t.database.db, p, { status: 'DRFT' });
    const before = (await readMailbox(t.app)).length;
    expect((await send(p.outsider, referral.id)).statusCode).toBe(404);
    const drafted = await send(p.gp, draft.id);
    expect([drafted.statusCode, drafted.json().detail]).toEqual([409, DRAFT_HAS_NO_LINK]);

    for (let i = 0; i < 3; i++) expect((await send(p.gp, referral.id)).statusCode).toBe(202);
    expect((await send(p.specialist, referral.id)).statusCode).toBe(429);
    expect((await readMailbox(t.app)).slice(before)).toHaveLength(3);

    await t.database.db.update(patients).set({ email: null }).where(eq(patients.id, p.patient.id));
    const other = await insertReferral(t.database.db, p, { submitted_at: new Date() });
    const none = await send(p.gp, other.id);
    expect([none.statusCode, none.json()]).toEqual([400, { email: [PATIENT_HAS_NO_EMAIL] }]);
    await t.database.db.update(patients).set({ email: address }).where(eq(patients.id, p.patient.id));
    expect(
      await t.database.db
        .select()
        .from(referralAccessLinks)
        .where(eq(referralAccessLinks.referral_id, other.id)),
    ).toEqual([]);
  });
});
