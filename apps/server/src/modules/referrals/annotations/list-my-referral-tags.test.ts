import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { insertReferral } from '../actions/referral-action-test-setup.ts';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';

type LabelPage = { count: number; next: string | null; results: { label: string }[] };

describe('GET referrals/tags/: the labels "My tags" offers', () => {
  let t: TestApp;
  let p: ReferralParties;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());
  const tag = (who: typeof p.gp, referralId: string, label: string) =>
    who.api('POST', `/api/referrals/${referralId}/tags/`, { label });
  const labels = async (who: typeof p.gp, query = '') => {
    const response = await who.api('GET', `/api/referrals/tags/${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<LabelPage>();
  };

  it('lists only the caller’s own labels at their establishment, once each whatever the case, A to Z', async () => {
    const first = await insertReferral(t.database.db, p, { status: 'SBMT' });
    const second = await insertReferral(t.database.db, p, { status: 'ACPT' });
    await tag(p.specialist, first.id, 'Urgent review');
    await tag(p.specialist, second.id, 'URGENT REVIEW');
    await tag(p.specialist, second.id, 'Cardiac');
    // A colleague's tag and the other side's tag are theirs, not the specialist's.
    await tag(p.triageNurse, first.id, 'Nurse follow-up');
    await tag(p.gp, first.id, 'Awaiting bloods');

    expect(await labels(p.specialist)).toMatchObject({
      count: 2,
      next: null,
      results: [{ label: 'Cardiac' }, { label: 'Urgent review' }],
    });
    expect((await labels(p.triageNurse)).results).toEqual([{ label: 'Nurse follow-up' }]);
    expect((await labels(p.gp)).results).toEqual([{ label: 'Awaiting bloods' }]);
    expect((await labels(p.outsider)).results).toEqual([]);
  });

  it('pages the labels', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'SBMT' });
    for (const label of ['Bravo', 'Alpha']) await tag(p.triageNurse, referral.id, label);
    const page1 = await labels(p.triageNurse, '?page_size=2');
    expect(page1.count).toBe(3);
    expect(page1.results).toEqual([{ label: 'Alpha' }, { label: 'Bravo' }]);
    expect(page1.next).toContain('page=2');
    expect((await labels(p.triageNurse, '?page=2&page_size=2')).results).toEqual([
      { label: 'Nurse follow-up' },
    ]);
  });

  it('finds the labels containing a search in any case, the wildcards of LIKE taken literally', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'SBMT' });
    for (const label of ['Cardiac rehab', 'Post-cardiac care', 'Renal', '100% urgent', '1000 club'])
      await tag(p.gp, referral.id, label);
    expect((await labels(p.gp, '?search=CARDIAC')).results).toEqual([
      { label: 'Cardiac rehab' },
      { label: 'Post-cardiac care' },
    ]);
    expect(await labels(p.gp, '?search=card&page_size=1')).toMatchObject({
      count: 2,
      results: [{ label: 'Cardiac rehab' }],
    });
    expect((await labels(p.gp, '?search=100%25')).results).toEqual([{ label: '100% urgent' }]);
    // A blank search is none: all six of the GP's labels, 'Awaiting bloods' from the first test among them.
    expect((await labels(p.gp, '?search=+')).count).toBe(6);
    expect((await labels(p.gp, '?search=dental')).results).toEqual([]);
  });

  it('answers 400 to a search longer than a label can be', async () => {
    const response = await p.gp.api('GET', `/api/referrals/tags/?search=${'a'.repeat(51)}`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<Record<string, string[]>>())).toEqual(['search']);
  });

  it('refuses a caller who is not signed in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/referrals/tags/' });
    expect(response.statusCode).toBe(401);
  });
});
