import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';
import { historyOf, insertReferral, rowOf } from './referral-action-test-setup.ts';

/**
 * api-conventions.md Concurrency: transitions check the state on the locked row, so receivers triaging
 * one referral at once get one success and the rest 409. On PostgreSQL (TEST_DATABASE_URL, as in CI) the
 * calls really overlap; on PGlite's single connection they run one after the other, and the rule holds too.
 */
describe('20 concurrent accepts of one referral', () => {
  let t: TestApp;
  let p: ReferralParties;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());

  it('accepts once: one 200, nineteen 409 naming Accepted, one history row', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'VWD' });
    const accepters = [p.specialist, p.triageNurse];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        accepters[i % 2]!.api('PUT', `/api/referrals/${referral.id}/accept/`, { triage_category: 'CAT1' }),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json().status).toEqual({ value: 'ACPT', display: 'Accepted' });
    }
    const history = await historyOf(t.database.db, referral.id);
    expect(history.map((h) => [h.action, h.from_status, h.to_status])).toEqual([['accept', 'VWD', 'ACPT']]);
    const row = await rowOf(t.database.db, referral.id);
    expect(row).toMatchObject({ status: 'ACPT', version: referral.version + 1 });
  });
});
