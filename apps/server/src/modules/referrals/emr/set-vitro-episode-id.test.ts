import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { VITRO_EPISODE_ID_MESSAGE } from '@referrals/domain/referrals/vitro-episode-schemas';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { historyOf, insertReferral, referralSnapshot } from '../actions/referral-action-test-setup.ts';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';
import { RECALLED_EPISODE_MESSAGE, VITRO_EPISODE_HISTORY_ACTION } from './set-vitro-episode-id.ts';

describe('POST referrals/{id}/set-vitro-episode-id/', () => {
  let t: TestApp;
  let p: ReferralParties;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());
  const url = (id: string) => `/api/referrals/${id}/set-vitro-episode-id/`;

  it('lets the receiver link its episode, shows it to both sides, and keeps a history and an audit row', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'ACPT' });
    const set = await p.triageNurse.api('POST', url(referral.id), { vitro_episode_id: ' EP-2026/0042 ' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      vitro_episode_id: 'EP-2026/0042',
      version: 2,
      status: { value: 'ACPT' },
    });
    const senderView = await p.gp.api('GET', `/api/referrals/${referral.id}/`);
    expect(senderView.json()).toMatchObject({ vitro_episode_id: 'EP-2026/0042' });

    const cleared = await p.specialist.api('POST', url(referral.id), { vitro_episode_id: null });
    expect(cleared.json()).toMatchObject({ vitro_episode_id: null, version: 3 });

    const history = await historyOf(t.database.db, referral.id);
    expect(history.map((row) => [row.action, row.from_status, row.to_status, row.detail])).toEqual([
      [VITRO_EPISODE_HISTORY_ACTION, 'ACPT', 'ACPT', { vitro_episode_id: 'EP-2026/0042' }],
      [VITRO_EPISODE_HISTORY_ACTION, 'ACPT', 'ACPT', { vitro_episode_id: null }],
    ]);
    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(eq(auditLog.resource_id, referral.id), eq(auditLog.action, 'referral.set-vitro-episode-id')),
      );
    expect(audited).toHaveLength(2);
  });

  it('answers a bad or missing id with the field named, and changes nothing', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'SBMT' });
    const before = await referralSnapshot(t.database.db, referral.id);
    for (const bad of ['has space', 'x'.repeat(65), '-leading', 'Ünïcode', 42]) {
      const res = await p.specialist.api('POST', url(referral.id), { vitro_episode_id: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(Object.keys(res.json<object>())).toEqual(['vitro_episode_id']);
    }
    const spaced = await p.specialist.api('POST', url(referral.id), { vitro_episode_id: 'has space' });
    expect(spaced.json()).toEqual({ vitro_episode_id: [VITRO_EPISODE_ID_MESSAGE] });
    const missing = await p.specialist.api('POST', url(referral.id), {});
    expect(missing.json()).toEqual({ vitro_episode_id: ['This field is required.'] });
    expect(await referralSnapshot(t.database.db, referral.id)).toBe(before);
  });

  it('refuses the sender side (403) and a referral recalled to a draft (409)', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'SBMT' });
    const sender = await p.gp.api('POST', url(referral.id), { vitro_episode_id: 'EP1' });
    expect(sender.statusCode).toBe(403);

    const recalled = await insertReferral(t.database.db, p, { status: 'DRFT', is_recalled: true });
    const res = await p.specialist.api('POST', url(recalled.id), { vitro_episode_id: 'EP1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: RECALLED_EPISODE_MESSAGE,
      status: { value: 'DRFT', display: 'Draft' },
    });
  });
});
