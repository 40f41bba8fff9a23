import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { referralShares } from '../../../db/schema/referrals.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { insertReferral } from '../actions/referral-action-test-setup.ts';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';
import { DUPLICATE_TAG_MESSAGE } from './tag-referral.ts';

type Annotated = { tags: { id: string; label: string }[]; sticky_notes: { id: string; body: string }[] };

describe('tags and sticky notes: each establishment its own', () => {
  let t: TestApp;
  let p: ReferralParties;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());
  const url = (id: string, path = '') => `/api/referrals/${id}/${path}`;

  it('shows the clinic its tags and the practice none, and my_tags finds what the caller tagged', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'SBMT' });
    const added = await p.specialist.api('POST', url(referral.id, 'tags/'), { label: '  Urgent review ' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ label: 'Urgent review', added_by: { id: p.specialist.user.id } });

    const clinicView = (await p.triageNurse.api('GET', url(referral.id))).json<Annotated>();
    expect(clinicView.tags.map((tag) => tag.label)).toEqual(['Urgent review']);
    const practiceView = (await p.gp.api('GET', url(referral.id))).json<Annotated>();
    expect(practiceView.tags).toEqual([]);

    const mine = await p.specialist.api('GET', '/api/referrals/?box=inbox&my_tags=true');
    expect(mine.json<{ results: { id: string }[] }>().results.map((r) => r.id)).toEqual([referral.id]);
    const nurses = await p.triageNurse.api('GET', '/api/referrals/?box=inbox&my_tags=true');
    expect(nurses.json<{ results: unknown[] }>().results).toEqual([]);
  });

  it('lists by the labels of the caller’s establishment’s tags with my_tags=<label>,<label>', async () => {
    const cardiac = await insertReferral(t.database.db, p, { status: 'SBMT' });
    const urgent = await insertReferral(t.database.db, p, { status: 'ACPT' });
    const untagged = await insertReferral(t.database.db, p, { status: 'SBMT' });
    await p.specialist.api('POST', url(cardiac.id, 'tags/'), { label: 'Cardiac' });
    await p.triageNurse.api('POST', url(urgent.id, 'tags/'), { label: 'Urgent' });
    // The practice's own tag of the same name on the other referral: not the clinic's.
    await p.gp.api('POST', url(urgent.id, 'tags/'), { label: 'cardiac' });
    const listed = async (who: typeof p.gp, query: string) =>
      (await who.api('GET', `/api/referrals/?${query}`))
        .json<{ results: { id: string }[] }>()
        .results.map((r) => r.id)
        .sort();

    expect(await listed(p.specialist, 'box=inbox&my_tags=CARDIAC')).toEqual([cardiac.id]);
    // A colleague's tag counts: the labels are the establishment's.
    expect(await listed(p.specialist, 'box=inbox&my_tags=cardiac,%20urgent')).toEqual(
      [cardiac.id, urgent.id].sort(),
    );
    expect(await listed(p.specialist, 'box=inbox&my_tags=urgent&my_tags=Cardiac')).toEqual(
      [cardiac.id, urgent.id].sort(),
    );
    expect(await listed(p.gp, 'box=outbox&my_tags=cardiac')).toEqual([urgent.id]);
    expect(await listed(p.gp, 'box=outbox&my_tags=urgent')).toEqual([]);
    expect(await listed(p.specialist, 'box=inbox&my_tags=false')).toContain(untagged.id);

    const tooLong = await p.specialist.api('GET', `/api/referrals/?my_tags=${'x'.repeat(51)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json<object>())).toEqual(['my_tags']);
  });

  it('refuses an empty or repeated label with the field named, renames and removes', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'SBMT' });
    const empty = await p.gp.api('POST', url(referral.id, 'tags/'), { label: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ label: ['This field is required.'] });

    const first = (await p.gp.api('POST', url(referral.id, 'tags/'), { label: 'Cardiac' })).json<{
      id: string;
    }>();
    const again = await p.gp.api('POST', url(referral.id, 'tags/'), { label: 'CARDIAC' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ label: [DUPLICATE_TAG_MESSAGE] });
    // The clinic's tags are its own: the same label there is no clash.
    expect((await p.specialist.api('POST', url(referral.id, 'tags/'), { label: 'Cardiac' })).statusCode).toBe(
      201,
    );

    const renamed = await p.gp.api('PATCH', url(referral.id, `tags/${first.id}/`), { label: 'Heart' });
    expect(renamed.json()).toMatchObject({ id: first.id, label: 'Heart' });
    // The practice's tag is not the clinic's to change: 404 as if it did not exist.
    const foreign = await p.specialist.api('DELETE', url(referral.id, `tags/${first.id}/`));
    expect(foreign.statusCode).toBe(404);
    expect((await p.gp.api('DELETE', url(referral.id, `tags/${first.id}/`))).statusCode).toBe(204);
    expect((await p.gp.api('GET', url(referral.id))).json<Annotated>().tags).toEqual([]);
  });

  it('keeps sticky notes to the side that wrote them, lets colleagues edit them, and audits each change', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'SBMT' });
    const note = await p.specialist.api('POST', url(referral.id, 'sticky-notes/'), {
      body: 'Phone the patient before booking',
    });
    expect(note.statusCode).toBe(201);
    const { id } = note.json<{ id: string }>();
    const edited = await p.triageNurse.api('PATCH', url(referral.id, `sticky-notes/${id}/`), {
      body: 'Phoned: prefers mornings',
    });
    expect(edited.json()).toMatchObject({
      id,
      body: 'Phoned: prefers mornings',
      author: { id: p.specialist.user.id },
    });
    expect((await p.gp.api('GET', url(referral.id))).json<Annotated>().sticky_notes).toEqual([]);
    expect((await p.gp.api('PATCH', url(referral.id, `sticky-notes/${id}/`), { body: 'x' })).statusCode).toBe(
      404,
    );
    const tooLong = await p.specialist.api('POST', url(referral.id, 'sticky-notes/'), {
      body: 'x'.repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json())).toEqual(['body']);
    expect((await p.specialist.api('DELETE', url(referral.id, `sticky-notes/${id}/`))).statusCode).toBe(204);

    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, referral.id), like(auditLog.action, 'referral.sticky-note.%')));
    expect(audited.map((row) => row.action).sort()).toEqual([
      'referral.sticky-note.create',
      'referral.sticky-note.delete',
      'referral.sticky-note.update',
    ]);
  });

  it('lets a shared-with reader see the referral but write no tag or note', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'SBMT' });
    await t.database.db.insert(referralShares).values({
      referral_id: referral.id,
      establishment_id: p.outsiderPractice.id,
      shared_by_id: p.gp.user.id,
    });
    expect((await p.outsider.api('GET', url(referral.id))).statusCode).toBe(200);
    expect((await p.outsider.api('POST', url(referral.id, 'tags/'), { label: 'Mine' })).statusCode).toBe(403);
    expect(
      (await p.outsider.api('POST', url(referral.id, 'sticky-notes/'), { body: 'Mine' })).statusCode,
    ).toBe(403);
  });
});
