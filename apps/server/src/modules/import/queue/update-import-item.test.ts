import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { ImportItem } from '@referrals/domain/imports/import-schemas';
import { createEmployment, createUser } from '../../../db/factories/factories.ts';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { importActivity, importItems } from '../../../db/schema/imports.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { ASSIGNEE_NOT_IN_QUEUE } from './import-assignee.ts';
import { queueParties, receivedItem, type QueueParties } from './import-queue-test-setup.ts';

const NOT_FOUND = { detail: 'Not found.' };

describe('PATCH import/{kind}/{id}/: the import item’s lifecycle (docs/import-queue.md)', () => {
  let t: TestApp;
  let p: QueueParties;
  let id: string;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await queueParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());
  beforeEach(async () => {
    id = await receivedItem(t.app, p.clinic.id);
  });

  const patch = (body: object, kind = 'email', who = p.manager) =>
    who.api('PATCH', `/api/import/${kind}/${id}/`, body);
  const activityOf = async (itemId: string) =>
    (
      await t.database.db
        .select()
        .from(importActivity)
        .where(eq(importActivity.item_id, itemId))
        .orderBy(asc(importActivity.occurred_at))
    ).map((row) => [row.action, row.actor_id, row.detail]);
  const auditOf = async (itemId: string) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.resource_id, itemId))
        .orderBy(asc(auditLog.id))
    ).map((row) => [row.action, row.actor_id, row.detail]);

  it('assigns an item to a colleague and unassigns it, each in its activity and the audit log', async () => {
    const assigned = await patch({ action: 'assign', assignee: p.specialist.user.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<ImportItem>()).toMatchObject({
      id,
      status: { value: 'new' },
      assignee: { id: p.specialist.user.id, name: 'Dr Samuel Hart' },
    });
    const unassigned = await patch({ action: 'assign', assignee: null });
    expect(unassigned.json<ImportItem>().assignee).toBeNull();

    expect(await activityOf(id)).toEqual([
      ['received', null, {}],
      ['assigned', p.manager.user.id, { assignee: 'Dr Samuel Hart', assignee_id: p.specialist.user.id }],
      ['unassigned', p.manager.user.id, { assignee: 'Dr Samuel Hart' }],
    ]);
    expect((await auditOf(id)).slice(1)).toEqual([
      ['import.assign', p.manager.user.id, { from: 'new', to: 'new', assignee_id: p.specialist.user.id }],
      ['import.assign', p.manager.user.id, { from: 'new', to: 'new', assignee_id: null }],
    ]);
  });

  it('refuses an assignee who does not work the queue with a field error, changing nothing', async () => {
    const before = await t.database.db.select().from(importItems).where(eq(importItems.id, id));
    // Takes referrals in, but as a practice assistant without shared inbox access cannot open the queue.
    const assistant = await createUser(t.database.db, { role: 'PA' });
    await createEmployment(t.database.db, {
      user_id: assistant.id,
      establishment_id: p.clinic.id,
      permissions: ['accept_referral'],
    });
    for (const assignee of [
      p.sender.user.id, // works here, but does not take referrals in
      assistant.id,
      p.awaitingApproval.id, // not approved yet
      p.outsider.user.id, // another establishment's
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await patch({ action: 'assign', assignee });
      expect([res.statusCode, res.json()], assignee).toEqual([400, { assignee: [ASSIGNEE_NOT_IN_QUEUE] }]);
    }
    expect(await t.database.db.select().from(importItems).where(eq(importItems.id, id))).toEqual(before);
    expect(await activityOf(id)).toEqual([['received', null, {}]]);
  });

  it('dismisses an item with a reason, and puts it back in the queue', async () => {
    const dismissed = await patch({ action: 'dismiss', dismissed_reason: 'wrong_recipient' });
    expect(dismissed.json<ImportItem>()).toMatchObject({
      status: { value: 'dismissed', display: 'Dismissed' },
      dismissed_reason: { value: 'wrong_recipient', display: 'Meant for someone else' },
      other_dismissed_reason: null,
    });
    const restored = await patch({ action: 'restore' });
    expect(restored.json<ImportItem>()).toMatchObject({
      status: { value: 'new' },
      dismissed_reason: null,
    });
    const other = await patch({
      action: 'dismiss',
      dismissed_reason: 'other',
      other_dismissed_reason: '  A sales email  ',
    });
    expect(other.json<ImportItem>()).toMatchObject({
      dismissed_reason: { value: 'other', display: 'Other' },
      other_dismissed_reason: 'A sales email',
    });
    expect((await activityOf(id)).slice(1)).toEqual([
      ['dismissed', p.manager.user.id, { dismissed_reason: 'Meant for someone else' }],
      ['restored', p.manager.user.id, {}],
      [
        'dismissed',
        p.manager.user.id,
        { dismissed_reason: 'Other', other_dismissed_reason: 'A sales email' },
      ],
    ]);
    // The audit log keeps the reason's code, never its free text.
    expect((await auditOf(id)).slice(1)).toEqual([
      [
        'import.dismiss',
        p.manager.user.id,
        { from: 'new', to: 'dismissed', dismissed_reason: 'wrong_recipient' },
      ],
      ['import.restore', p.manager.user.id, { from: 'dismissed', to: 'new' }],
      ['import.dismiss', p.manager.user.id, { from: 'new', to: 'dismissed', dismissed_reason: 'other' }],
    ]);
  });

  it('refuses with 409 what the lifecycle table does not allow from the item’s status', async () => {
    const restore = await patch({ action: 'restore' });
    expect([restore.statusCode, restore.json()]).toEqual([
      409,
      { detail: 'This item is already in the queue.', status: { value: 'new', display: 'New' } },
    ]);
    await patch({ action: 'dismiss', dismissed_reason: 'duplicate' });
    for (const body of [
      { action: 'dismiss', dismissed_reason: 'duplicate' },
      { action: 'assign', assignee: p.specialist.user.id },
      { action: 'assign', assignee: null },
    ]) {
      const res = await patch(body);
      expect([res.statusCode, res.json()]).toEqual([
        409,
        {
          detail: 'This item was dismissed. Put it back in the queue first.',
          status: { value: 'dismissed', display: 'Dismissed' },
        },
      ]);
    }
    await t.database.db.update(importItems).set({ status: 'converted' }).where(eq(importItems.id, id));
    const converted = await patch({ action: 'dismiss', dismissed_reason: 'duplicate' });
    expect([converted.statusCode, converted.json<{ detail: string }>().detail]).toEqual([
      409,
      'This item is already a referral.',
    ]);
    // Marking read or unread applies whatever the status.
    expect((await patch({ action: 'unread' })).json<ImportItem>().unread).toBe(true);
    expect((await activityOf(id)).map(([action]) => action)).toEqual(['received', 'dismissed']);
  });

  it('lets one of two people dismissing an item at once succeed, and tells the other it already was', async () => {
    const answers = await Promise.all([
      patch({ action: 'dismiss', dismissed_reason: 'duplicate' }),
      patch({ action: 'dismiss', dismissed_reason: 'unreadable' }, 'email', p.specialist),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await activityOf(id)).filter(([action]) => action === 'dismissed')).toHaveLength(1);
  });

  it('marks an item read or unread for the establishment, each audited; the first read is its opening', async () => {
    expect((await patch({ action: 'read' }, 'email', p.specialist)).json<ImportItem>().unread).toBe(false);
    expect((await patch({ action: 'unread' })).json<ImportItem>().unread).toBe(true);
    // Read again, even after it was marked unread, and by someone else: not the first opening.
    expect((await patch({ action: 'read' })).json<ImportItem>().unread).toBe(false);
    expect((await patch({ action: 'read' }, 'email', p.specialist)).json<ImportItem>().unread).toBe(false);
    expect(await activityOf(id)).toEqual([
      ['received', null, {}],
      ['opened', p.specialist.user.id, {}],
    ]);
    expect((await auditOf(id)).slice(1)).toEqual([
      ['import.mark-read', p.specialist.user.id, { from: 'new', to: 'new' }],
      ['import.mark-unread', p.manager.user.id, { from: 'new', to: 'new' }],
      ['import.mark-read', p.manager.user.id, { from: 'new', to: 'new' }],
      ['import.mark-read', p.specialist.user.id, { from: 'new', to: 'new' }],
    ]);
  });

  it('records one opening when two people mark an item read at once (the item is locked)', async () => {
    // On PostgreSQL (TEST_DATABASE_URL) the two really overlap; on PGlite they run one after the other.
    const answers = await Promise.all([
      patch({ action: 'read' }),
      patch({ action: 'read' }, 'email', p.specialist),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect((await activityOf(id)).filter(([action]) => action === 'opened')).toHaveLength(1);
  });

  it('answers a bad body 400 in the API’s style', async () => {
    const cases: [object, object][] = [
      [
        { action: 'dismiss', dismissed_reason: 'other' },
        { other_dismissed_reason: ['This field is required.'] },
      ],
      [
        { action: 'dismiss', dismissed_reason: 'other', other_dismissed_reason: '   ' },
        { other_dismissed_reason: ['This field is required.'] },
      ],
      [{ action: 'assign', assignee: 'someone' }, { assignee: ['Must be a valid id.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await patch(body);
      expect([res.statusCode, res.json()], JSON.stringify(body)).toEqual([400, errors]);
    }
    for (const body of [{}, { action: 'convert' }, { action: 'dismiss' }, { action: 'assign' }]) {
      const res = await patch(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()).length, res.body).toBeGreaterThan(0);
    }
    expect(await activityOf(id)).toEqual([['received', null, {}]]);
  });

  it('answers 404 for another kind, another establishment’s item, or a caller without accept_referral', async () => {
    const fax = await receivedItem(t.app, p.clinic.id, { kind: 'fax' });
    const theirs = await receivedItem(t.app, p.otherClinic.id);
    const before = await t.database.db.select().from(importItems).orderBy(asc(importItems.id));
    const body = { action: 'dismiss', dismissed_reason: 'duplicate' };
    for (const [who, url] of [
      [p.manager, `/api/import/fax/${id}/`],
      [p.manager, `/api/import/email/${fax}/`],
      [p.manager, `/api/import/letter/${id}/`],
      [p.manager, `/api/import/email/${theirs}/`],
      [p.manager, '/api/import/email/not-an-id/'],
      [p.outsider, `/api/import/email/${id}/`],
      [p.sender, `/api/import/email/${id}/`],
    ] as const) {
      const res = await who.api('PATCH', url, body);
      expect([res.statusCode, res.json()], url).toEqual([404, NOT_FOUND]);
    }
    expect(await t.database.db.select().from(importItems).orderBy(asc(importItems.id))).toEqual(before);
    const faxDismissed = await p.manager.api('PATCH', `/api/import/fax/${fax}/`, body);
    expect(faxDismissed.json<ImportItem>()).toMatchObject({
      kind: { value: 'fax' },
      status: { value: 'dismissed' },
    });
  });
});
