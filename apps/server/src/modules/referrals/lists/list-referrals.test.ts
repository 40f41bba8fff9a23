import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { referralShares, referralTags } from '../../../db/schema/referrals.ts';
import {
  createEstablishment,
  createPatient,
  createReferral,
  type Patient,
} from '../../../db/factories/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import type { Person } from '../../establishments/establishment-test-people.ts';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';

type Item = { id: string; side: string; unread: boolean; status: { value: string } } & Record<
  string,
  unknown
>;
type Page = { count: number; next: string | null; previous: string | null; results: Item[] };

const HOUR = 3_600_000;

/**
 * GET referrals/ (section 7; section 2 List types; referral-lifecycle.md Lists): every list of the inbox
 * and the outbox from referrals made straight in the database, per-side archive and trash, tenancy,
 * filters, ordering, paging and the audit rows of a page.
 */
describe('referral lists (GET referrals/)', () => {
  let t: TestApp;
  let p: ReferralParties;
  let other: Patient;
  /** Label -> id of the referrals made below. */
  const ids: Record<string, string> = {};
  const labelOf = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id;

  const list = async (who: Person, query: string): Promise<Page> => {
    const res = await who.api('GET', `/api/referrals/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };
  const labels = async (who: Person, query: string) =>
    (await list(who, `${query}&page_size=100`)).results.map((item) => labelOf(item.id)).sort();

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    p = await referralParties(t.app, db);
    other = await createPatient(db, {
      establishment_id: p.practice.id,
      first_name: 'Bartholomew',
      last_name: 'Quince',
    });
    const base = Date.parse('2026-06-01T00:00:00Z');
    let n = 0;
    const make = async (label: string, overrides: Parameters<typeof createReferral>[1] = {}) => {
      n += 1;
      const row = await createReferral(db, {
        patient_id: p.patient.id,
        referrer_id: p.gp.user.id,
        from_establishment_id: p.practice.id,
        to_establishment_id: p.clinic.id,
        assignee_id: p.specialist.user.id,
        submitted_at: new Date(base + n * HOUR),
        ...overrides,
      });
      ids[label] = row.id;
    };
    for (const status of ['SBMT', 'VWD', 'ACPT', 'SCHDL', 'WLST', 'RTRN', 'FWRD', 'UPDT']) {
      await make(status, { status, receiver_unread: status === 'SBMT', sender_unread: status === 'ACPT' });
    }
    await make('draft', { status: 'DRFT', submitted_at: null });
    await make('recalled', { status: 'DRFT', is_recalled: true });
    await make('inboxArchived', { status: 'SBMT', receiver_archived: true });
    await make('outboxArchived', { status: 'SBMT', sender_archived: true });
    await make('inboxDeleted', { status: 'ACPT', receiver_deleted: true });
    await make('outboxDeletedDraft', { status: 'DRFT', submitted_at: null, sender_deleted: true });
    await make('goneForEveryone', { status: 'SBMT', is_deleted: true });
    // To the clinic with no assignee, from the outsider's practice: only shared-inbox staff see it.
    await make('unassigned', {
      status: 'SBMT',
      assignee_id: null,
      referrer_id: p.outsider.user.id,
      from_establishment_id: p.outsiderPractice.id,
      patient_id: other.id,
      triage_category: 'CAT1',
    });
    // The GP's colleague's own referral: the GP has no shared outbox access.
    await make('colleagueSent', {
      status: 'VWD',
      referrer_id: p.gpColleague.user.id,
      patient_id: other.id,
      to_establishment_id: p.outsiderPractice.id,
      assignee_id: null,
    });
    // Between two other establishments, shared with the clinic: its inbox's shared list.
    const elsewhere = await createEstablishment(db, { name: 'Elsewhere Hospital', type: 'HL' });
    await make('sharedIn', {
      status: 'ACPT',
      referrer_id: p.outsider.user.id,
      from_establishment_id: p.outsiderPractice.id,
      to_establishment_id: elsewhere.id,
      assignee_id: null,
    });
    await db.insert(referralShares).values({
      referral_id: ids.sharedIn!,
      establishment_id: p.clinic.id,
      shared_by_id: p.outsider.user.id,
    });
    await db.insert(referralTags).values({
      referral_id: ids.WLST!,
      establishment_id: p.clinic.id,
      user_id: p.specialist.user.id,
      label: 'follow up',
    });
  });
  afterAll(() => t.app.close());

  const INBOX: Record<string, string[]> = {
    // outboxArchived: archived by the sender only, so still in the receiver's lists.
    all: ['ACPT', 'RTRN', 'SBMT', 'SCHDL', 'UPDT', 'VWD', 'WLST', 'outboxArchived'],
    new: ['SBMT', 'UPDT', 'outboxArchived'],
    'under-review': ['VWD'],
    accepted: ['ACPT'],
    scheduled: ['SCHDL'],
    waitlisted: ['WLST'],
    returned: ['RTRN'],
    forwarded: ['FWRD'],
    // Shared with the clinic itself: everyone there reads it.
    shared: ['sharedIn'],
    'case-conference-active': [],
    'case-conference-closed': [],
  };

  it('gives the assignee each inbox list exactly', async () => {
    for (const [name, expected] of Object.entries(INBOX)) {
      expect(await labels(p.specialist, `box=inbox&list=${name}`), name).toEqual(expected.sort());
    }
  });

  it('gives shared-inbox staff the unassigned referral too, and the shared list', async () => {
    expect(await labels(p.triageNurse, 'box=inbox&list=new')).toEqual([
      'SBMT',
      'UPDT',
      'outboxArchived',
      'unassigned',
    ]);
    expect(await labels(p.triageNurse, 'box=inbox&list=shared')).toEqual(['sharedIn']);
    expect(await labels(p.triageNurse, 'shared=true')).toEqual(['sharedIn']);
  });

  it('gives the referrer each outbox list exactly, drafts included, and not a colleague’s', async () => {
    const OUTBOX: Record<string, string[]> = {
      all: ['ACPT', 'RTRN', 'SBMT', 'SCHDL', 'UPDT', 'VWD', 'WLST', 'inboxArchived', 'inboxDeleted'],
      new: ['SBMT', 'UPDT', 'inboxArchived'],
      'under-review': ['VWD'],
      accepted: ['ACPT', 'inboxDeleted'],
      forwarded: ['FWRD'],
      drafts: ['draft', 'recalled'],
      'case-conference-active': [],
    };
    for (const [name, expected] of Object.entries(OUTBOX)) {
      expect(await labels(p.gp, `box=outbox&list=${name}`), name).toEqual(expected.sort());
    }
    expect(await labels(p.gpColleague, 'box=outbox')).toEqual(['colleagueSent']);
  });

  it('names the sides as the spec does: to_establishment is the inbox, from_establishment the outbox', async () => {
    expect(await labels(p.specialist, `to_establishment=${p.clinic.id}`)).toEqual(INBOX.all!.sort());
    expect(await labels(p.gp, `from_establishment=${p.practice.id}&status=DRFT`)).toEqual([
      'draft',
      'recalled',
    ]);
    // Another establishment's id filters the other side.
    expect(await labels(p.gp, `to_establishment=${p.outsiderPractice.id}`)).toEqual([]);
    expect(await labels(p.triageNurse, `from_establishment=${p.outsiderPractice.id}`)).toEqual([
      'unassigned',
    ]);
  });

  it('keeps archive and trash per side: Archive and Deleted Items list only that side’s', async () => {
    expect(await labels(p.specialist, 'box=inbox&archived=true')).toEqual(['inboxArchived']);
    expect(await labels(p.gp, 'box=outbox&archived=true')).toEqual(['outboxArchived']);
    expect(await labels(p.specialist, 'box=inbox&deleted=true')).toEqual(['inboxDeleted']);
    expect(await labels(p.gp, 'deleted=true')).toEqual(['outboxDeletedDraft']);
    // Without a box: both sides, each with its own flags; never what is gone for everyone.
    const both = await labels(p.specialist, 'archived=true');
    expect(both).toEqual(['inboxArchived']);
    expect(await labels(p.gp, 'status=SBMT')).not.toContain('goneForEveryone');
  });

  it('shows outsiders nothing and a colleague without shared inbox access only their own', async () => {
    expect((await list(p.outsider, 'box=inbox')).count).toBe(0);
    expect(await labels(p.outsider, 'box=outbox')).toEqual(['sharedIn', 'unassigned']);
    expect((await list(p.clinicColleague, 'box=inbox')).count).toBe(0);
    expect((await list(p.gpColleague, 'box=inbox')).count).toBe(0);
  });

  it('filters by status, exclude_status, search, patient, MRN, id, people, tags and dates', async () => {
    const s = p.triageNurse;
    expect(await labels(s, 'box=inbox&status=SBMT,VWD')).toEqual([
      'SBMT',
      'VWD',
      'outboxArchived',
      'unassigned',
    ]);
    expect(await labels(s, 'box=inbox&list=new&status=UPDT')).toEqual(['UPDT']);
    expect(await labels(s, 'box=inbox&exclude_status=SBMT,UPDT,ACPT,SCHDL,WLST')).toEqual(['RTRN', 'VWD']);
    expect(await labels(s, 'box=inbox&search=quin')).toEqual(['unassigned']);
    expect(await labels(s, 'box=inbox&search=bart quince')).toEqual(['unassigned']);
    expect(await labels(s, 'box=inbox&patient_name=quince')).toEqual(['unassigned']);
    expect(await labels(s, `box=inbox&referral_id=${ids.RTRN!.slice(0, 8)}`)).toEqual(['RTRN']);
    expect(await labels(s, `box=inbox&search=${ids.RTRN!.slice(0, 8)}`)).toEqual(['RTRN']);
    expect(await labels(s, `box=inbox&referrer=${p.outsider.user.id}`)).toEqual(['unassigned']);
    expect(await labels(s, 'box=inbox&receiver=samuel hart&status=SBMT')).toEqual(['SBMT', 'outboxArchived']);
    expect(await labels(s, 'box=inbox&receiver=northside&status=SBMT')).toHaveLength(3);
    expect(await labels(p.specialist, 'box=inbox&my_tags=true')).toEqual(['WLST']);
    expect(await labels(s, 'box=inbox&my_referral=true')).toEqual([]);
    expect(await labels(p.specialist, 'box=inbox&my_referral=true&list=new')).toEqual([
      'SBMT',
      'UPDT',
      'outboxArchived',
    ]);
    // Hour n after 2026-06-01T00:00Z; 1 June in Sydney runs to 14:00Z, so SBMT (1) to FWRD (7) and more.
    expect(await labels(s, 'box=inbox&submitted_before=2026-05-31')).toEqual([]);
    expect(await labels(s, 'box=inbox&submitted_after=2026-06-02')).toEqual(['unassigned']);
    expect((await labels(s, 'box=inbox&submitted_after=2026-06-01&submitted_before=2026-06-01')).length).toBe(
      8,
    );
    expect(await labels(s, 'box=inbox&case_conference_status=active')).toEqual([]);
    await t.database.db
      .update(referralTags)
      .set({ user_id: p.triageNurse.user.id })
      .where(and(eq(referralTags.referral_id, ids.WLST!)));
    expect(await labels(s, 'box=inbox&my_tags=true')).toEqual(['WLST']);
  });

  it('answers 400 for an unknown order_by, list, status or a list without its box', async () => {
    for (const [query, field] of [
      ['order_by=-colour', 'order_by'],
      ['box=inbox&list=drafts', 'list'],
      ['box=outbox&list=shared', 'list'],
      ['list=new', 'box'],
      ['status=SBMT,NOPE', 'status'],
      ['submitted_after=yesterday', 'submitted_after'],
    ] as const) {
      const res = await p.gp.api('GET', `/api/referrals/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toContain(field);
    }
  });

  it('orders newest submitted first by default, and as order_by asks', async () => {
    const ordered = async (query: string) =>
      (await list(p.specialist, `box=inbox&page_size=100&${query}`)).results.map((i) => labelOf(i.id));
    expect(await ordered('')).toEqual([
      'outboxArchived',
      'UPDT',
      'RTRN',
      'WLST',
      'SCHDL',
      'ACPT',
      'VWD',
      'SBMT',
    ]);
    expect(await ordered('order_by=submitted_at')).toEqual([
      'SBMT',
      'VWD',
      'ACPT',
      'SCHDL',
      'WLST',
      'RTRN',
      'UPDT',
      'outboxArchived',
    ]);
    expect((await ordered('order_by=-created_at'))[0]).toBe('outboxArchived');
    expect(await ordered('order_by=patient_name')).toHaveLength(8);
  });

  it('pages 10 at a time with the total, next and previous', async () => {
    const db = t.database.db;
    for (let i = 0; i < 12; i++) {
      await createReferral(db, {
        status: 'RTRN',
        patient_id: p.patient.id,
        referrer_id: p.gp.user.id,
        from_establishment_id: p.practice.id,
        to_establishment_id: p.clinic.id,
        assignee_id: p.specialist.user.id,
        submitted_at: new Date(Date.parse('2026-01-01T00:00:00Z') + i * HOUR),
      });
    }
    const first = await list(p.specialist, 'box=inbox&list=returned');
    expect(first.count).toBe(13);
    expect(first.results).toHaveLength(10);
    expect(first.next).toBe(`http://referrals.test/api/referrals/?box=inbox&list=returned&page=2`);
    expect(first.previous).toBeNull();
    const second = await list(p.specialist, 'box=inbox&list=returned&page=2');
    expect(second.results).toHaveLength(3);
    expect(second.next).toBeNull();
    const ids2 = new Set([...first.results, ...second.results].map((i) => i.id));
    expect(ids2.size).toBe(13);
    const past = await list(p.specialist, 'box=inbox&list=returned&page=5');
    expect(past).toMatchObject({ count: 13, results: [] });
  });

  it('describes each item for the caller’s side, with unread for that side', async () => {
    const inbox = await list(p.specialist, 'box=inbox&status=SBMT,ACPT');
    const sbmt = inbox.results.find((i) => i.id === ids.SBMT)!;
    expect(sbmt).toMatchObject({
      status: { value: 'SBMT', display: 'Submitted' },
      type: 'IN-APP',
      side: 'receiver',
      unread: true,
      is_archived: false,
      pending_action: true,
      patient: { id: p.patient.id, first_name: 'Olivia', last_name: 'Whitfield' },
      referrer: { id: p.gp.user.id, name: expect.stringContaining('Palmer') },
      assignee: { id: p.specialist.user.id, name: expect.stringContaining('Hart') },
      from_establishment: { id: p.practice.id, name: 'Harbour Family Practice' },
      to_establishment: { id: p.clinic.id, name: 'Northside Cardiology' },
    });
    expect(inbox.results.find((i) => i.id === ids.ACPT)).toMatchObject({
      unread: false,
      pending_action: false,
    });
    const outbox = await list(p.gp, 'box=outbox&status=SBMT,ACPT');
    expect(outbox.results.find((i) => i.id === ids.SBMT)).toMatchObject({
      side: 'sender',
      unread: false,
      pending_action: false,
    });
    expect(outbox.results.find((i) => i.id === ids.ACPT)).toMatchObject({ side: 'sender', unread: true });
    expect(outbox.results.every((i) => i.pdf === undefined)).toBe(true);
  });

  it('gives each item the address of its letter with pdf=true, and that address answers the letter', async () => {
    const page = await list(p.gp, 'box=outbox&status=SBMT,ACPT&pdf=true');
    expect(page.results.map((i) => i.pdf)).toEqual(page.results.map((i) => `/api/referrals/${i.id}/pdf/`));
    const letter = await p.gp.api('GET', `/api/referrals/${page.results[0]!.id}/pdf/`);
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
  });

  it('writes one referral.list audit row per referral on the page, and none for an empty page', async () => {
    const before = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'referral.list'));
    const page = await list(p.triageNurse, 'box=inbox&list=new');
    const after = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'referral.list'));
    const added = after.filter((row) => !before.some((b) => b.id === row.id));
    expect(added.map((row) => row.resource_id).sort()).toEqual(page.results.map((i) => i.id).sort());
    expect(added.every((row) => row.actor_id === p.triageNurse.user.id)).toBe(true);
    expect(added.find((row) => row.resource_id === ids.unassigned)?.patient_id).toBe(other.id);
    await list(p.outsider, 'box=inbox');
    const later = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'referral.list'));
    expect(later).toHaveLength(after.length);
  });
});
