import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { VerificationCode } from '@referrals/domain/referrals/verification-code';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { referralVerificationCodes } from '../../../db/schema/referrals.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { insertReferral } from '../actions/referral-action-test-setup.ts';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';
import { codeShownAt, DRAFT_CODE_MESSAGE, verifyReferralCode } from './verification-codes.ts';

describe('the referral verification code', () => {
  let t: TestApp;
  let p: ReferralParties;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());
  const url = (id: string) => `/api/referrals/${id}/verification-code/`;
  const secretOf = async (id: string) => {
    const [row] = await t.database.db
      .select()
      .from(referralVerificationCodes)
      .where(eq(referralVerificationCodes.referral_id, id));
    if (!row) throw new Error('no code secret');
    return row;
  };

  it('shows the sender a six-digit code with its countdown, which verifies until a new one is issued', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'SBMT' });
    const shown = await p.gp.api('GET', url(referral.id));
    expect(shown.statusCode).toBe(200);
    const first = shown.json<VerificationCode>();
    expect(first.code).toMatch(/^\d{6}$/);
    expect(first.seconds_left).toBeGreaterThan(0);
    expect(first.seconds_left).toBeLessThanOrEqual(60);
    // Read again within the minute: the same code, as a second screen would show it.
    const again = (await p.gp.api('GET', url(referral.id))).json<VerificationCode>();
    expect(again.code).toBe(first.code);
    expect(await verifyReferralCode(t.database.db, { referralId: referral.id, code: first.code })).toBe(true);
    const spaced = `${first.code.slice(0, 3)} ${first.code.slice(3)}`;
    expect(await verifyReferralCode(t.database.db, { referralId: referral.id, code: spaced })).toBe(true);

    const issued = await p.gp.api('POST', url(referral.id));
    expect(issued.statusCode).toBe(200);
    const fresh = issued.json<VerificationCode>();
    expect(fresh.seconds_left).toBe(60);
    expect(await verifyReferralCode(t.database.db, { referralId: referral.id, code: fresh.code })).toBe(true);
    if (fresh.code !== first.code) {
      expect(await verifyReferralCode(t.database.db, { referralId: referral.id, code: first.code })).toBe(
        false,
      );
    }
  });

  it('changes every 60 s, accepts the code of the minute before, and no older one', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'ACPT' });
    await p.gp.api('POST', url(referral.id));
    const row = await secretOf(referral.id);
    const at = (seconds: number) => new Date(row.issued_at.getTime() + seconds * 1000);
    const firstMinute = codeShownAt(row, at(0)).code;
    expect(codeShownAt(row, at(59.5))).toMatchObject({ code: firstMinute, seconds_left: 1 });
    const secondMinute = codeShownAt(row, at(60));
    expect(secondMinute.seconds_left).toBe(60);
    const check = (code: string, seconds: number) =>
      verifyReferralCode(t.database.db, { referralId: referral.id, code, now: at(seconds) });
    expect(await check(firstMinute, 90)).toBe(true);
    expect(await check(secondMinute.code, 90)).toBe(true);
    expect(await check(firstMinute, 120)).toBe(firstMinute === codeShownAt(row, at(120)).code);
    expect(await check('12345', 10)).toBe(false);
    expect(await check('abcdef', 10)).toBe(false);
  });

  it('refuses the receiver side (403) and a draft (409), and answers nothing for a referral without a code', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'SBMT' });
    for (const receiver of [p.specialist, p.triageNurse]) {
      expect((await receiver.api('GET', url(referral.id))).statusCode).toBe(403);
      expect((await receiver.api('POST', url(referral.id))).statusCode).toBe(403);
    }
    expect(await verifyReferralCode(t.database.db, { referralId: referral.id, code: '000000' })).toBe(false);

    const draft = await insertReferral(t.database.db, p, { status: 'DRFT', submitted_at: null });
    const refused = await p.gp.api('GET', url(draft.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: DRAFT_CODE_MESSAGE,
      status: { value: 'DRFT', display: 'Draft' },
    });
  });

  it('audits every read and issue, never with the code', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'SBMT' });
    const { code } = (await p.gp.api('GET', url(referral.id))).json<VerificationCode>();
    await p.gp.api('POST', url(referral.id));
    const rows = await t.database.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(
        and(eq(auditLog.resource_id, referral.id), like(auditLog.action, 'referral.verification-code.%')),
      );
    expect(rows.map((row) => row.action).sort()).toEqual([
      'referral.verification-code.issue',
      'referral.verification-code.read',
    ]);
    expect(JSON.stringify(rows)).not.toContain(code);
  });
});
