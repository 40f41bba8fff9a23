import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/people.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { readMailbox } from '../../../test/mailbox.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import type { Person } from '../establishments/establishment-test-people.ts';

type Listed = {
  count: number;
  next: string | null;
  previous: string | null;
  unseen_count: number;
  results: { id: string; action: string; title: string; text: string; viewed_at: string | null }[];
};

describe('notifications: each referral transition notifies the other side (section 7 Notifications)', () => {
  let t: TestApp;
  let p: ReferralParties;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());

  const list = async (who: Person, query = '') =>
    (await who.api('GET', `/api/notifications/${query}`)).json<Listed>();
  const rowsOf = (who: Person) =>
    t.database.db.select().from(notifications).where(eq(notifications.user_id, who.user.id));

  async function submitted(overrides: object = {}): Promise<string> {
    const draft = await p.gp.api('POST', '/api/referrals/', {
      patient: p.patient.id,
      to_establishment: p.clinic.id,
      assignee: p.specialist.user.id,
      ...overrides,
    });
    const id = draft.json<{ id: string }>().id;
    expect((await p.gp.api('POST', `/api/referrals/${id}/submit/`)).statusCode).toBe(200);
    return id;
  }

  it('tells the assignee of a submitted referral, and the referrer when it is viewed, never the actor', async () => {
    const id = await submitted();
    const [received] = (await list(p.specialist)).results;
    expect(received).toMatchObject({
      scope: 'referral',
      action: 'submit',
      title: 'New referral received',
      text: 'Harbour Family Practice sent you a referral for Olivia Whitfield',
      viewed_at: null,
      subject_id: id,
      subject_details: {
        status: { value: 'SBMT', display: 'Submitted' },
        is_forwarded: false,
        is_updated: false,
        is_renew_referral: false,
        actioned_by: { id: p.gp.user.id, name: 'Dr Grace Palmer' },
        referral_id: id,
        access: 'receiver',
      },
    });
    // The referral has an assignee: the shared inbox is not told as well.
    expect(await rowsOf(p.triageNurse)).toHaveLength(0);
    expect(await rowsOf(p.gp)).toHaveLength(0);

    await p.specialist.api('POST', `/api/referrals/${id}/view/`);
    const [viewed] = (await list(p.gp)).results;
    expect(viewed).toMatchObject({
      action: 'view',
      title: 'Referral viewed',
      text: 'Northside Cardiology viewed your referral for Olivia Whitfield',
      subject_details: {
        status: { value: 'VWD' },
        access: 'sender',
        actioned_by: { id: p.specialist.user.id },
      },
    });
    expect((await rowsOf(p.specialist)).map((row) => row.action)).toEqual(['submit']);
    // A later open changes no status and tells nobody.
    await p.triageNurse.api('POST', `/api/referrals/${id}/view/`);
    expect(await rowsOf(p.gp)).toHaveLength(1);
  });

  it('tells the shared inbox when nobody is assigned, and not colleagues without it', async () => {
    await submitted({ assignee: null });
    const [row] = await rowsOf(p.triageNurse);
    expect(row).toMatchObject({ action: 'submit', establishment_id: p.clinic.id });
    expect(await rowsOf(p.clinicColleague)).toHaveLength(0);
    await t.database.db.delete(notifications).where(eq(notifications.user_id, p.triageNurse.user.id));
  });

  it('lists newest first, 10 a page, with unseen_count; another person’s notification is a 404', async () => {
    const who = p.triageNurse;
    const base = Date.parse('2026-11-01T00:00:00Z');
    await t.database.db.insert(notifications).values(
      Array.from({ length: 12 }, (_, i) => ({
        user_id: who.user.id,
        establishment_id: i < 2 ? p.practice.id : p.clinic.id,
        scope: 'referral',
        action: 'submit',
        title: `Notification ${i}`,
        text: 'Harbour Family Practice sent you a referral',
        created_at: new Date(base + i * 60_000),
      })),
    );
    const first = await list(who);
    expect(first).toMatchObject({ count: 12, unseen_count: 12, previous: null });
    expect(first.results).toHaveLength(10);
    expect(first.results[0]?.title).toBe('Notification 11');
    expect(first.next).toBe('http://referrals.test/api/notifications/?page=2');
    const second = await list(who, '?page=2');
    expect(second.results.map((n) => n.title)).toEqual(['Notification 1', 'Notification 0']);

    const here = await list(who, '?within_establishment=true');
    expect(here).toMatchObject({ count: 10, unseen_count: 10 });
    const there = await list(who, `?within_establishment=${p.practice.id}`);
    expect(there.count).toBe(2);
    expect((await list(who, '?within_establishment=false')).count).toBe(12);

    const mine = first.results[0]!;
    expect((await who.api('GET', `/api/notifications/${mine.id}/`)).json()).toMatchObject({ id: mine.id });
    for (const other of [p.specialist, p.clinicColleague, p.outsider]) {
      expect((await other.api('GET', `/api/notifications/${mine.id}/`)).statusCode).toBe(404);
      expect((await other.api('POST', `/api/notifications/${mine.id}/mark-viewed/`)).statusCode).toBe(404);
    }
    expect((await who.api('GET', '/api/notifications/not-an-id/')).statusCode).toBe(404);
    expect((await list(who)).unseen_count).toBe(12);
  });

  it('marks one viewed once, then all; the unseen count falls; GET there is a 405', async () => {
    const who = p.triageNurse;
    const [latest] = (await list(who)).results;
    expect((await who.api('GET', `/api/notifications/${latest!.id}/mark-viewed/`)).statusCode).toBe(405);
    const marked = await who.api('POST', `/api/notifications/${latest!.id}/mark-viewed/`);
    expect(marked.statusCode).toBe(200);
    const viewedAt = marked.json<{ viewed_at: string }>().viewed_at;
    expect(viewedAt).not.toBeNull();
    expect((await list(who)).unseen_count).toBe(11);
    const again = await who.api('POST', `/api/notifications/${latest!.id}/mark-viewed/`);
    expect(again.json<{ viewed_at: string }>().viewed_at).toBe(viewedAt);
    expect((await list(who)).unseen_count).toBe(11);

    expect((await who.api('GET', '/api/notifications/mark-all-viewed/')).statusCode).toBe(405);
    const all = await who.api('POST', '/api/notifications/mark-all-viewed/');
    expect(all.json()).toEqual({ marked: 11, unseen_count: 0 });
    expect((await list(who)).unseen_count).toBe(0);
    // Someone else's stay unseen.
    expect((await list(p.specialist)).unseen_count).toBeGreaterThan(0);
  });

  it('mails only those whose preference is on, with a link and no patient data', async () => {
    await t.database.db
      .update(users)
      .set({ email_notifications: { email_referral_received: true } })
      .where(eq(users.id, p.specialist.user.id));
    const before = (await readMailbox(t.app)).length;
    const id = await submitted();
    await p.specialist.api('POST', `/api/referrals/${id}/view/`); // the referrer's email_referral_viewed is off
    const mail = (await readMailbox(t.app)).slice(before);
    expect(mail.map((m) => [m.to, m.subject])).toEqual([[p.specialist.user.email, 'New referral received']]);
    const message = mail[0]!;
    expect(message.text).toContain(`http://referrals.test/referrals/${id}`);
    expect(message.text).toContain('Harbour Family Practice sent you a referral.');
    for (const body of [message.text, message.html, message.subject]) {
      expect(body).not.toMatch(/Olivia|Whitfield/);
    }
  });
});
