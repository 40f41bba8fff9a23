import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ImportActivity, ImportItem, ImportItemPage } from '@referrals/domain/imports/import-schemas';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { importActivity, importItems } from '../../../db/schema/imports.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { signedInPerson } from '../../establishments/establishment-test-people.ts';
import { queueParties, receivedItem, storedPdf, type QueueParties } from './import-queue-test-setup.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';
const NOT_FOUND = { detail: 'Not found.' };

describe('the import queue: the emails and faxes an establishment received (spec section 7 Import)', () => {
  let t: TestApp;
  let p: QueueParties;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await queueParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());
  beforeEach(async () => {
    // Each test starts with an empty queue, so a list shows what that test received.
    await t.database.db.delete(importItems);
  });

  const list = async (query = '') => {
    const res = await p.manager.api('GET', `/api/import/email/${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ImportItemPage>();
  };
  /** An item received `minutesAgo` minutes ago, so the newest-first order is known. */
  const received = (minutesAgo: number, subject: string, kind: 'email' | 'fax' = 'email') =>
    receivedItem(t.app, p.clinic.id, {
      subject,
      kind,
      receivedAt: new Date(Date.now() - minutesAgo * 60_000),
    });

  it('lists the new items newest first, ten a page, with the unread count of the navigation', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await received(i, `Referral ${i}`, i === 3 ? 'fax' : 'email'));
    await receivedItem(t.app, p.otherClinic.id, { subject: 'Not ours' });

    const first = await list();
    expect(first).toMatchObject({
      count: 12,
      unread_count: 12,
      next: 'http://referrals.test/api/import/email/?page=2',
      previous: null,
    });
    expect(first.results.map((item) => item.id)).toEqual(ids.slice(0, 10));
    expect(first.results[3]).toMatchObject({
      kind: { value: 'fax', display: 'Fax' },
      status: { value: 'new', display: 'New' },
      sender: 'reception@harbourside.example',
      sender_name: 'Harbourside Family Practice',
      subject: 'Referral 3',
      unread: true,
      assignee: null,
      file_count: 0,
      referral: null,
    });
    const second = await list('?page=2');
    expect(second.results.map((item) => item.id)).toEqual(ids.slice(10));
    expect(second).toMatchObject({ next: null, previous: 'http://referrals.test/api/import/email/' });
    expect((await list('?page=3')).results).toEqual([]);
  });

  it('filters by status and assignee, while unread_count counts every new item no one opened', async () => {
    const [a, b, c, d] = [
      await received(1, 'A'),
      await received(2, 'B'),
      await received(3, 'C'),
      await received(4, 'D'),
    ];
    await t.database.db
      .update(importItems)
      .set({ status: 'dismissed', dismissed_reason: 'duplicate' })
      .where(eq(importItems.id, b));
    await t.database.db
      .update(importItems)
      .set({ assignee_id: p.manager.user.id })
      .where(eq(importItems.id, c));
    await t.database.db
      .update(importItems)
      .set({ assignee_id: p.specialist.user.id })
      .where(eq(importItems.id, d));
    // Marked read: still new, no longer unread.
    expect((await p.manager.api('PATCH', `/api/import/email/${a}/`, { action: 'read' })).statusCode).toBe(
      200,
    );

    const ids = (page: ImportItemPage) => page.results.map((item) => item.id);
    expect(ids(await list())).toEqual([a, c, d]);
    expect(ids(await list('?status=dismissed'))).toEqual([b]);
    expect(ids(await list('?status=converted'))).toEqual([]);
    expect(ids(await list('?status=all'))).toEqual([a, b, c, d]);
    expect(ids(await list('?assignee=me'))).toEqual([c]);
    expect(ids(await list(`?assignee=${p.specialist.user.id}`))).toEqual([d]);
    const assigned = await list('?assignee=me');
    expect(assigned.results[0]?.assignee).toEqual({ id: p.manager.user.id, name: 'Ms Priya Shah' });
    expect(assigned.unread_count).toBe(2);
    expect((await list('?status=dismissed')).unread_count).toBe(2);
  });

  it('counts each item’s files without reading them one by one', async () => {
    const id = await receivedItem(t.app, p.clinic.id, {
      files: [
        { stored: await storedPdf(t.app.storage), originalName: 'letter.pdf', pages: 1 },
        { stored: await storedPdf(t.app.storage), originalName: 'results.pdf', pages: 1 },
      ],
    });
    expect((await list()).results).toMatchObject([{ id, file_count: 2 }]);
  });

  it('answers 400 in the API’s style for a filter it does not know', async () => {
    const status = await p.manager.api('GET', '/api/import/email/?status=archived');
    expect(status.statusCode).toBe(400);
    expect(Object.keys(status.json())).toEqual(['status']);
    const assignee = await p.manager.api('GET', '/api/import/email/?assignee=someone');
    expect(assignee.statusCode).toBe(400);
    expect(assignee.json()).toMatchObject({ assignee: expect.any(Array) });
  });

  it('reads an item: its text and files, changing nothing (a GET never does), every read audited', async () => {
    const stored = await storedPdf(t.app.storage);
    const id = await receivedItem(t.app, p.clinic.id, {
      files: [{ stored, originalName: 'letter.pdf', pages: 1 }],
    });
    const [before] = await t.database.db.select().from(importItems).where(eq(importItems.id, id));
    const opened = await p.specialist.api('GET', `/api/import/email/${id}/`);
    expect(opened.statusCode).toBe(200);
    const item = opened.json<ImportItem>();
    expect(item).toMatchObject({
      id,
      unread: true,
      body_text: 'Dear Dr Hart, please see the attached letter.',
      file_count: 1,
      dismissed_reason: null,
      other_dismissed_reason: null,
    });
    expect(item.files).toEqual([
      {
        id: expect.any(String),
        original_name: 'letter.pdf',
        content_type: 'application/pdf',
        size: stored.size,
        pages: 1,
      },
    ]);
    expect((await p.manager.api('GET', `/api/import/email/${id}/`)).json<ImportItem>().unread).toBe(true);
    // The item is as it was, still counted unread, and no activity was written.
    expect(await t.database.db.select().from(importItems).where(eq(importItems.id, id))).toEqual([before]);
    expect((await list()).unread_count).toBe(1);
    const activity = await t.database.db.select().from(importActivity).where(eq(importActivity.item_id, id));
    expect(activity.map((row) => row.action)).toEqual(['received']);
    const reads = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import.read'), eq(auditLog.resource_id, id)))
      .orderBy(asc(auditLog.id));
    expect(reads.map((row) => [row.actor_id, row.resource_type, row.establishment_id])).toEqual([
      [p.specialist.user.id, 'import_item', p.clinic.id],
      [p.manager.user.id, 'import_item', p.clinic.id],
    ]);

    // Marking it read (as the screen does when it opens an unread item) is the PATCH.
    const read = await p.specialist.api('PATCH', `/api/import/email/${id}/`, { action: 'read' });
    expect(read.json<ImportItem>().unread).toBe(false);
    expect((await list()).unread_count).toBe(0);
    const openings = await t.database.db
      .select()
      .from(importActivity)
      .where(and(eq(importActivity.item_id, id), eq(importActivity.action, 'opened')));
    expect(openings).toMatchObject([{ actor_id: p.specialist.user.id, establishment_id: p.clinic.id }]);
  });

  it('audits a list read: one import.list row per item on the page, written with the page', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await received(i, `Referral ${i}`));
    const theirs = await receivedItem(t.app, p.otherClinic.id, { subject: 'Not ours' });
    const listedAudit = async () =>
      (
        await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'import.list'), inArray(auditLog.resource_id, [...ids, theirs])))
          .orderBy(asc(auditLog.id))
      ).map((row) => ({
        actor_id: row.actor_id,
        establishment_id: row.establishment_id,
        resource_type: row.resource_type,
        resource_id: row.resource_id,
        request_id: row.request_id,
        outcome: row.outcome,
        detail: row.detail,
      }));

    await list('?page=2');
    const second = await listedAudit();
    expect(second.map((row) => row.resource_id).sort()).toEqual(ids.slice(10).sort());
    expect(second[0]).toEqual({
      actor_id: p.manager.user.id,
      establishment_id: p.clinic.id,
      resource_type: 'import_item',
      resource_id: expect.any(String),
      request_id: expect.any(String),
      outcome: 'success',
      detail: { page: 2 },
    });
    // The rows of one read share its request id.
    expect(new Set(second.map((row) => row.request_id)).size).toBe(1);

    await list();
    const both = await listedAudit();
    expect(
      both
        .slice(2)
        .map((row) => row.resource_id)
        .sort(),
    ).toEqual(ids.slice(0, 10).sort());
    expect(new Set(both.slice(2).map((row) => row.request_id)).size).toBe(1);
    // A page past the end, or a filter that matches nothing, lists and audits nothing.
    await list('?page=3');
    await list('?status=dismissed');
    expect(await listedAudit()).toHaveLength(12);
  });

  it('audits an activity read: one import.activity.list row per item the page shows', async () => {
    const first = await received(2, 'First');
    const second = await received(1, 'Second');
    await p.manager.api('PATCH', `/api/import/email/${first}/`, { action: 'read' });
    await p.manager.api('PATCH', `/api/import/email/${first}/`, {
      action: 'assign',
      assignee: p.specialist.user.id,
    });
    const activityAudit = async () =>
      (
        await t.database.db
          .select()
          .from(auditLog)
          .where(
            and(eq(auditLog.action, 'import.activity.list'), inArray(auditLog.resource_id, [first, second])),
          )
          .orderBy(asc(auditLog.id))
      ).map((row) => [row.actor_id, row.establishment_id, row.resource_type, row.resource_id]);

    // Four rows (two received, opened, assigned), of two items: two audit rows.
    expect((await p.specialist.api('GET', '/api/import/activity/')).json()).toMatchObject({ count: 4 });
    const all = await activityAudit();
    expect(all.map(([, , , item]) => item).sort()).toEqual([first, second].sort());
    expect(all[0]).toEqual([p.specialist.user.id, p.clinic.id, 'import_item', expect.any(String)]);

    // One item's activity: one row for that item.
    await p.specialist.api('GET', `/api/import/activity/?item=${first}`);
    expect((await activityAudit()).slice(2)).toEqual([
      [p.specialist.user.id, p.clinic.id, 'import_item', first],
    ]);
    // Another establishment's caller sees none of it, and nothing is audited for them.
    await p.outsider.api('GET', `/api/import/activity/?item=${first}`);
    expect(await activityAudit()).toHaveLength(3);
  });

  it('answers the 404 of a missing item for another establishment’s, a malformed id, or a caller without accept_referral', async () => {
    const ours = await received(1, 'Ours');
    const theirs = await receivedItem(t.app, p.otherClinic.id, { subject: 'Theirs' });
    const before = await t.database.db.select().from(importItems);
    for (const [who, url] of [
      [p.manager, `/api/import/email/${theirs}/`],
      [p.manager, `/api/import/email/${MISSING}/`],
      [p.manager, '/api/import/email/not-an-id/'],
      [p.outsider, `/api/import/email/${ours}/`],
      [p.sender, `/api/import/email/${ours}/`],
    ] as const) {
      const res = await who.api('GET', url);
      expect([res.statusCode, res.json()], url).toEqual([404, NOT_FOUND]);
    }
    // Nothing was marked read by those who may not see it.
    expect(await t.database.db.select().from(importItems)).toEqual(before);
    // The outsider's queue holds only their establishment's item; the sender has no queue (403).
    expect((await p.outsider.api('GET', '/api/import/email/')).json<ImportItemPage>().results).toMatchObject([
      { id: theirs },
    ]);
    expect((await p.sender.api('GET', '/api/import/email/')).statusCode).toBe(403);
    expect((await p.sender.api('GET', '/api/import/activity/')).statusCode).toBe(403);
  });

  it('holds a practice assistant to the inbox’s rule: accept_referral alone, without shared inbox access, is not enough', async () => {
    const id = await received(1, 'For the shared inbox');
    const employment = { permissions: ['accept_referral'] };
    const assistant = await signedInPerson(t.app, t.database.db, {
      at: p.clinic.id,
      employment,
      user: { role: 'PA' },
    });
    expect((await assistant.api('GET', '/api/import/email/')).statusCode).toBe(403);
    expect((await assistant.api('GET', `/api/import/email/${id}/`)).json()).toEqual(NOT_FOUND);
    const withInbox = await signedInPerson(t.app, t.database.db, {
      at: p.clinic.id,
      employment: { ...employment, has_shared_inbox_access: true },
      user: { role: 'PA' },
    });
    expect((await withInbox.api('GET', '/api/import/email/')).json<ImportItemPage>().count).toBe(1);
  });

  it('lists the activity of the establishment’s items newest first, or of one item, with who did it', async () => {
    const first = await received(2, 'First');
    const second = await received(1, 'Second');
    await receivedItem(t.app, p.otherClinic.id, { subject: 'Theirs' });
    await p.specialist.api('PATCH', `/api/import/email/${first}/`, { action: 'read' });
    await p.manager.api('PATCH', `/api/import/email/${first}/`, {
      action: 'assign',
      assignee: p.specialist.user.id,
    });
    await p.manager.api('PATCH', `/api/import/email/${second}/`, {
      action: 'dismiss',
      dismissed_reason: 'not_a_referral',
    });

    const all = await p.manager.api('GET', '/api/import/activity/');
    expect(all.statusCode).toBe(200);
    const page = all.json<{ count: number; results: ImportActivity[] }>();
    expect(page.count).toBe(5);
    expect(page.results.map((row) => [row.item.subject, row.action.value, row.actor?.name ?? null])).toEqual([
      ['Second', 'dismissed', 'Ms Priya Shah'],
      ['First', 'assigned', 'Ms Priya Shah'],
      ['First', 'opened', 'Dr Samuel Hart'],
      // The intake's own rows name no one; they are in the order it took the messages.
      ['Second', 'received', null],
      ['First', 'received', null],
    ]);
    expect(page.results[0]).toMatchObject({
      item: { id: second, kind: 'email', subject: 'Second' },
      action: { value: 'dismissed', display: 'Dismissed' },
      detail: { dismissed_reason: 'Not a referral' },
    });
    expect(page.results[1]?.detail).toEqual({
      assignee: 'Dr Samuel Hart',
      assignee_id: p.specialist.user.id,
    });

    const one = await p.manager.api('GET', `/api/import/activity/?item=${first}&page_size=2`);
    expect(one.json()).toMatchObject({
      count: 3,
      next: `http://referrals.test/api/import/activity/?item=${first}&page_size=2&page=2`,
      results: [{ action: { value: 'assigned' } }, { action: { value: 'opened' } }],
    });
    const theirs = await p.outsider.api('GET', `/api/import/activity/?item=${first}`);
    expect(theirs.json()).toMatchObject({ count: 0, results: [] });
    expect((await p.manager.api('GET', '/api/import/activity/?item=first')).statusCode).toBe(400);
  });
});
