import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Page } from '@referrals/domain/api';
import type {
  CaseConference,
  CaseConferenceEvent,
  CaseConferenceEventPage,
  CaseConferenceInvitee,
  CaseConferenceStats,
  InvitedCaseConference,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import { auditLog } from '../../db/schema/audit-log.ts';
import { caseConferences } from '../../db/schema/case-conferences.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { referralShares } from '../../db/schema/referrals.ts';
import { users } from '../../db/schema/people.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { readMailbox } from '../../../test/mailbox.ts';
import { insertReferral } from '../referrals/actions/referral-action-test-setup.ts';
import { readPdf, textOf } from '../referrals/letter/read-pdf-test-helpers.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import { INVITEE_MESSAGE } from './case-conference-invitations.ts';
import { NOT_ENABLED_MESSAGE } from './create-case-conference.ts';
import { conferencePaths, enableCaseConferences, startConference } from './case-conference-test-setup.ts';

describe('case conferences on a referral (sections 4 and 7 Case conference)', () => {
  let t: TestApp;
  let p: ReferralParties;
  let referralId: string;
  let paths: ReturnType<typeof conferencePaths>;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
    await enableCaseConferences(t.database.db, p.clinic.id);
  });
  afterAll(() => t.app.close());
  beforeEach(async () => {
    referralId = (await insertReferral(t.database.db, p, { status: 'ACPT' })).id;
    paths = conferencePaths(referralId);
  });

  const get = async (who: (typeof p)['gp'], url = paths.base) =>
    (await who.api('GET', url)).json<CaseConference>();
  const noticesOf = (userId: string, action: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.user_id, userId),
          eq(notifications.scope, 'case_conference'),
          eq(notifications.action, action),
        ),
      );

  it('is started by the referrer, who invites colleagues of both sides; they join, talk and read', async () => {
    await t.database.db
      .update(users)
      .set({ email_notifications: { email_my_referral: true } })
      .where(eq(users.id, p.specialist.user.id));
    const mailBefore = (await readMailbox(t.app)).length;

    const created = await p.gp.api('POST', paths.base, {
      participants: [p.specialist.user.id, p.clinicColleague.user.id, p.gp.user.id],
    });
    expect(created.statusCode).toBe(201);
    const conference = created.json<CaseConference>();
    expect(conference).toMatchObject({
      referral: { id: referralId, patient: { first_name: 'Olivia', last_name: 'Whitfield' } },
      status: { value: 'active', display: 'Active' },
      owner: { id: p.gp.user.id, name: 'Dr Grace Palmer' },
      is_owner: true,
      can_join: false,
      participant_status: { value: 'joined', display: 'Joined' },
      is_read_only: false,
      side: 'sender',
      allowed_actions: ['invite', 'message', 'read', 'close'],
      unread: 0,
      closed_at: null,
      archive_pdf: null,
    });
    expect(new Date(conference.ends_at).getTime() - new Date(conference.started_at).getTime()).toBe(
      14 * 86_400_000,
    );
    // The owner first; the owner's own id among the invitees is left out.
    const rows = conference.participants.map((x) => [x.user.id, x.status.value, x.side, x.is_owner]);
    expect(rows[0]).toEqual([p.gp.user.id, 'joined', 'sender', true]);
    expect(rows.slice(1)).toEqual(
      expect.arrayContaining([
        [p.specialist.user.id, 'invited', 'receiver', false],
        [p.clinicColleague.user.id, 'invited', 'receiver', false],
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(conference.participants[1]?.establishment).toEqual({ id: p.clinic.id, name: p.clinic.name });

    // The invitees are told, in the app with the patient and by mail (their preference on) without.
    expect(await noticesOf(p.specialist.user.id, 'participant_invited')).toHaveLength(1);
    const [invitation] = await noticesOf(p.clinicColleague.user.id, 'participant_invited');
    expect(invitation?.text).toBe('Dr Grace Palmer invited you to a case conference about Olivia Whitfield');
    const mail = (await readMailbox(t.app)).slice(mailBefore);
    expect(mail.map((m) => [m.to, m.subject])).toEqual([
      [p.specialist.user.email, 'Case conference invitation'],
    ]);
    expect(mail[0]?.text).toContain(`/referrals/${referralId}?tab=conference`);
    expect(mail[0]?.text).not.toMatch(/Olivia|Whitfield/);

    // An invitee reads, may join or leave, and cannot post before joining.
    const invited = await get(p.specialist);
    expect(invited).toMatchObject({
      is_owner: false,
      can_join: true,
      participant_status: { value: 'invited' },
      is_read_only: true,
      allowed_actions: ['join', 'leave', 'read'],
    });
    expect((await p.specialist.api('POST', paths.events, { message: 'Hello' })).statusCode).toBe(403);
    const joined = await p.specialist.api('POST', paths.action('join'));
    expect(joined.json<CaseConference>()).toMatchObject({
      participant_status: { value: 'joined' },
      is_read_only: false,
      can_join: false,
    });

    // A colleague invited who could not open the referral itself still reaches the conference.
    expect((await p.clinicColleague.api('GET', `/api/referrals/${referralId}/`)).statusCode).toBe(404);
    expect(await get(p.clinicColleague)).toMatchObject({ participant_status: { value: 'invited' } });
    expect((await p.clinicColleague.api('POST', paths.base, {})).statusCode).toBe(403);

    const posted = await p.gp.api('POST', paths.events, { message: '  Holter shows paroxysmal AF.  ' });
    expect(posted.statusCode).toBe(201);
    const message = posted.json<CaseConferenceEvent>();
    expect(message).toMatchObject({
      kind: { value: 'message', display: 'Message' },
      author: { id: p.gp.user.id, name: 'Dr Grace Palmer' },
      message: 'Holter shows paroxysmal AF.',
    });
    expect(await noticesOf(p.specialist.user.id, 'message')).toHaveLength(1);
    expect(await noticesOf(p.gp.user.id, 'message')).toHaveLength(0);

    // The specialist polls after the newest event they had, sees the message, reads it.
    const seen = await get(p.specialist);
    expect(seen.unread).toBe(1);
    const poll = await p.specialist.api('GET', `${paths.events}?after=${invited.last_event_id ?? ''}`);
    expect(poll.json<Page<CaseConferenceEvent>>()).toMatchObject({
      count: 1,
      next: null,
      results: [message],
    });
    const empty = await p.specialist.api('GET', `${paths.events}?after=${message.id}`);
    expect(empty.json<Page<CaseConferenceEvent>>()).toMatchObject({ count: 0, results: [] });
    const read = await p.specialist.api('POST', paths.action('read'), { message_id: message.id });
    expect(read.json<CaseConference>().unread).toBe(0);
    expect(
      read.json<CaseConference>().participants.find((x) => x.user.id === p.specialist.user.id)
        ?.last_read_event_id,
    ).toBe(message.id);
    // The author's own message is never unread to them.
    expect((await get(p.gp)).unread).toBe(0);

    // The whole thread, oldest first: two invitations and the message.
    const thread = (await p.gp.api('GET', paths.events)).json<Page<CaseConferenceEvent>>();
    expect(thread.results.map((e) => [e.kind.value, e.participant?.id ?? null])).toEqual([
      ['participant_invited', p.specialist.user.id],
      ['participant_invited', p.clinicColleague.user.id],
      ['message', null],
    ]);

    // Someone who sees the referral but was not asked reads it read-only and may join.
    expect(await get(p.triageNurse)).toMatchObject({
      participant_status: null,
      can_join: true,
      is_read_only: true,
      unread: 0,
      allowed_actions: ['join'],
    });
    expect((await p.triageNurse.api('POST', paths.events, { message: 'Hi' })).statusCode).toBe(403);
    expect(
      (await p.triageNurse.api('POST', paths.action('read'), { message_id: message.id })).statusCode,
    ).toBe(403);

    // The invitee leaves; the owner cannot.
    const left = await p.clinicColleague.api('POST', paths.action('leave'));
    expect(left.json<CaseConference>()).toMatchObject({
      participant_status: { value: 'left' },
      can_join: true,
    });
    expect((await p.gp.api('POST', paths.action('leave'))).statusCode).toBe(403);

    const audited = await t.database.db
      .select({ action: auditLog.action, patient: auditLog.patient_id })
      .from(auditLog)
      .where(eq(auditLog.resource_id, conference.id));
    const actions = new Set(audited.map((row) => row.action));
    for (const action of ['create', 'join', 'message', 'read', 'events.read', 'mark-read', 'leave'])
      expect(actions.has(`case_conference.${action}`), action).toBe(true);
    expect(audited.every((row) => row.patient === p.patient.id)).toBe(true);
  });

  it('lets someone taking part invite more colleagues after the start, found by name', async () => {
    // Before the start, whoever may start it finds colleagues of both sides, never themselves.
    const before = await p.gp.api('GET', `${paths.invitees}?keyword=${encodeURIComponent('sam ha')}`);
    expect(before.statusCode).toBe(200);
    const found = before.json<CaseConferenceInvitee[]>();
    expect(found.map((x) => x.id)).toEqual([p.specialist.user.id]);
    expect(found[0]).toMatchObject({ side: 'receiver', establishment: { id: p.clinic.id } });
    const everyone = (await p.gp.api('GET', paths.invitees)).json<CaseConferenceInvitee[]>();
    expect(everyone.map((x) => x.id)).toEqual(
      expect.arrayContaining([p.gpColleague.user.id, p.specialist.user.id, p.clinicColleague.user.id]),
    );
    expect(everyone.map((x) => x.id)).not.toContain(p.gp.user.id);
    expect(everyone.map((x) => x.id)).not.toContain(p.outsider.user.id);

    await startConference(p.gp, referralId, [p.specialist]);
    // Those already in it are not offered again.
    const offered = (await p.gp.api('GET', paths.invitees)).json<CaseConferenceInvitee[]>();
    expect(offered.map((x) => x.id)).not.toContain(p.specialist.user.id);
    // Someone only invited may not invite (join first), nor look for invitees.
    const early = await p.specialist.api('POST', paths.participants, {
      participants: [p.clinicColleague.user.id],
    });
    expect(early.statusCode).toBe(403);
    expect((await p.specialist.api('GET', paths.invitees)).statusCode).toBe(403);
    await p.specialist.api('POST', paths.action('join'));
    expect((await p.specialist.api('POST', paths.participants, { participants: [] })).json()).toEqual({
      participants: ['This field is required.'],
    });
    expect(
      (await p.specialist.api('POST', paths.participants, { participants: [p.outsider.user.id] })).json(),
    ).toEqual({ participants: [INVITEE_MESSAGE] });

    const told = async (userId: string) => (await noticesOf(userId, 'participant_invited')).length;
    const [colleagueBefore, ownerBefore] = [await told(p.clinicColleague.user.id), await told(p.gp.user.id)];
    const invited = await p.specialist.api('POST', paths.participants, {
      participants: [p.clinicColleague.user.id, p.gp.user.id],
    });
    expect(invited.statusCode).toBe(200);
    const conference = invited.json<CaseConference>();
    expect(conference.allowed_actions).toEqual(['leave', 'invite', 'message', 'read']);
    expect(conference.participants.map((x) => [x.user.id, x.status.value])).toEqual(
      expect.arrayContaining([[p.clinicColleague.user.id, 'invited']]),
    );
    expect(await told(p.clinicColleague.user.id)).toBe(colleagueBefore + 1);
    // The owner, already in it, is neither invited again nor told.
    expect(await told(p.gp.user.id)).toBe(ownerBefore);
    const thread = (await p.gp.api('GET', paths.events)).json<CaseConferenceEventPage>();
    expect(thread.results.map((e) => [e.kind.value, e.author?.id, e.participant?.id])).toEqual([
      ['participant_invited', p.gp.user.id, p.specialist.user.id],
      ['participant_invited', p.specialist.user.id, p.clinicColleague.user.id],
    ]);

    // Once closed, no one more is invited: a 409 naming the status.
    await p.gp.api('POST', paths.action('close'));
    const late = await p.specialist.api('POST', paths.participants, {
      participants: [p.triageNurse.user.id],
    });
    expect([late.statusCode, late.json()]).toEqual([
      409,
      {
        detail: 'This case conference is Closed: no one more can be invited.',
        status: { value: 'closed', display: 'Closed' },
      },
    ]);
  });

  it('shows the read marks with every page of the thread, so a poll sees them move', async () => {
    await startConference(p.gp, referralId, [p.specialist]);
    await p.specialist.api('POST', paths.action('join'));
    const sent = (
      await p.gp.api('POST', paths.events, { message: 'Any thoughts?' })
    ).json<CaseConferenceEvent>();
    const markOf = (page: CaseConferenceEventPage, userId: string) =>
      page.read_marks.find((mark) => mark.user_id === userId)?.last_read_event_id;
    const poll = async () =>
      (await p.gp.api('GET', `${paths.events}?after=${sent.id}`)).json<CaseConferenceEventPage>();
    const first = await poll();
    expect(first.results).toEqual([]);
    expect(markOf(first, p.gp.user.id)).toBe(sent.id);
    expect(markOf(first, p.specialist.user.id)).toBeNull();
    await p.specialist.api('POST', paths.action('read'), { message_id: sent.id });
    expect(markOf(await poll(), p.specialist.user.id)).toBe(sent.id);
  });

  it('gives anyone else the 404 of a missing referral, and changes nothing for them', async () => {
    await startConference(p.gp, referralId, [p.specialist]);
    const missing = await p.outsider.api('GET', '/api/referrals/00000000-0000-4000-8000-000000000000/case/');
    for (const who of [p.outsider, p.gpColleague]) {
      for (const [method, url, body] of [
        ['GET', paths.base, undefined],
        ['GET', paths.events, undefined],
        ['POST', paths.base, { participants: [] }],
        ['POST', paths.action('join'), undefined],
        ['POST', paths.action('close'), undefined],
        ['POST', paths.events, { message: 'Hello' }],
      ] as const) {
        const res = await who.api(method, url, body);
        expect([res.statusCode, res.body], `${method} ${url}`).toEqual([missing.statusCode, missing.body]);
      }
    }
    const rows = await t.database.db
      .select()
      .from(caseConferences)
      .where(eq(caseConferences.referral_id, referralId));
    expect(rows).toHaveLength(1);
  });

  it('lets an establishment the referral was shared with read, and nothing more', async () => {
    await startConference(p.gp, referralId);
    await t.database.db.insert(referralShares).values({
      referral_id: referralId,
      establishment_id: p.outsiderPractice.id,
      shared_by_id: p.gp.user.id,
    });
    expect(await get(p.outsider)).toMatchObject({
      side: 'shared',
      can_join: false,
      is_read_only: true,
      allowed_actions: [],
    });
    expect((await p.outsider.api('POST', paths.action('join'))).statusCode).toBe(403);
    expect((await p.outsider.api('POST', paths.base, {})).statusCode).toBe(403);
  });

  it('refuses a start the rules do not allow: the flag off, a second active one, an outside invitee', async () => {
    const elsewhere = await insertReferral(t.database.db, p, { to_establishment_id: p.outsiderPractice.id });
    const off = await p.gp.api('POST', conferencePaths(elsewhere.id).base, {});
    expect([off.statusCode, off.json()]).toEqual([403, { detail: NOT_ENABLED_MESSAGE }]);

    const draft = await insertReferral(t.database.db, p, { status: 'DRFT', submitted_at: null });
    const drafted = await p.gp.api('POST', conferencePaths(draft.id).base, {});
    expect(drafted.json()).toEqual({
      detail: 'This referral is Draft: a case conference cannot be started on it.',
      status: { value: 'DRFT', display: 'Draft' },
    });

    const outside = await p.gp.api('POST', paths.base, { participants: [p.outsider.user.id] });
    expect([outside.statusCode, outside.json()]).toEqual([400, { participants: [INVITEE_MESSAGE] }]);
    const malformed = await p.gp.api('POST', paths.base, { participants: ['nobody'] });
    expect(malformed.json()).toEqual({ participants: { '0': ['Must be a valid id.'] } });

    // The receiver side may start one too, but only one at a time.
    await startConference(p.specialist, referralId);
    const second = await p.gp.api('POST', paths.base, {});
    expect([second.statusCode, second.json()]).toEqual([
      409,
      {
        detail: 'This case conference is Active: a new one cannot be started until it is closed.',
        status: { value: 'active', display: 'Active' },
      },
    ]);
    expect((await p.gp.api('POST', paths.action('close'))).statusCode).toBe(403);
    expect((await p.gp.api('POST', paths.events, { message: '' })).json()).toEqual({
      message: ['This field is required.'],
    });
  });

  it('is closed by its owner: read-only for everyone, a message is a 409, its archive lists every message', async () => {
    await startConference(p.gp, referralId, [p.specialist]);
    await p.specialist.api('POST', paths.action('join'));
    await p.gp.api('POST', paths.events, { message: 'Could you see her this week?' });
    await p.specialist.api('POST', paths.events, { message: 'Yes, Thursday 9:30.' });
    const early = await p.gp.api('GET', paths.archive);
    expect([early.statusCode, early.json<{ status: unknown }>().status]).toEqual([
      409,
      { value: 'active', display: 'Active' },
    ]);
    expect(await listed('outbox', 'case-conference-active')).toContain(referralId);

    const closed = await p.gp.api('POST', paths.action('close'));
    expect(closed.json<CaseConference>()).toMatchObject({
      status: { value: 'closed', display: 'Closed' },
      closed_by: { id: p.gp.user.id },
      is_read_only: true,
      allowed_actions: ['create', 'read'],
      archive_pdf: `/api/referrals/${referralId}/case/archive/`,
    });
    const closedId = closed.json<CaseConference>().id;
    const closings = await noticesOf(p.specialist.user.id, 'closed');
    expect(closings.filter((notice) => notice.subject_id === closedId)).toHaveLength(1);

    const late = await p.specialist.api('POST', paths.events, { message: 'One more thing' });
    expect([late.statusCode, late.json()]).toEqual([
      409,
      {
        detail: 'This case conference is Closed: no more messages can be posted.',
        status: { value: 'closed', display: 'Closed' },
      },
    ]);
    expect((await p.specialist.api('POST', paths.action('leave'))).statusCode).toBe(409);
    expect((await p.triageNurse.api('POST', paths.action('join'))).statusCode).toBe(409);
    expect((await p.gp.api('POST', paths.action('close'))).statusCode).toBe(409);
    expect(await get(p.specialist)).toMatchObject({
      is_read_only: true,
      allowed_actions: ['create', 'read'],
    });

    const archive = await p.specialist.api('GET', paths.archive);
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toBe('application/pdf');
    expect(archive.headers['content-disposition']).not.toMatch(/Olivia|Whitfield/);
    const text = textOf(readPdf(archive.rawPayload));
    for (const words of [
      'Could you see her this week?',
      'Yes, Thursday 9:30.',
      'Dr Samuel Hart',
      'Olivia Whitfield',
    ])
      expect(text).toContain(words);

    expect(await listed('outbox', 'case-conference-closed')).toContain(referralId);
    expect(await listed('outbox', 'case-conference-active')).not.toContain(referralId);
    // A closed conference leaves room for a new one, which GET case/ then shows.
    const next = await startConference(p.specialist, referralId);
    expect((await get(p.gp)).id).toBe(next.id);
    expect(await listed('outbox', 'case-conference-active')).toContain(referralId);
  });

  it('lists the conferences you are invited to and counts their unread messages for the navigation', async () => {
    const before = (await p.specialist.api('GET', '/api/referrals/cases/stats/')).json<CaseConferenceStats>();
    const conference = await startConference(p.gp, referralId, [p.specialist]);
    await p.gp.api('POST', paths.events, { message: 'First' });
    await p.gp.api('POST', paths.events, { message: 'Second' });
    const page = (
      await p.specialist.api('GET', '/api/referrals/cases/invited/?status=active&box=inbox')
    ).json<Page<InvitedCaseConference>>();
    expect(page.results.find((row) => row.id === conference.id)).toMatchObject({
      referral: { id: referralId, patient: { first_name: 'Olivia' } },
      status: { value: 'active' },
      participant_status: { value: 'invited' },
      side: 'receiver',
      is_owner: false,
      unread: 2,
    });
    const outbox = (await p.specialist.api('GET', '/api/referrals/cases/invited/?box=outbox')).json<
      Page<InvitedCaseConference>
    >();
    expect(outbox.results.map((row) => row.id)).not.toContain(conference.id);
    const stats = (await p.specialist.api('GET', '/api/referrals/cases/stats/')).json<CaseConferenceStats>();
    expect(stats.inbox).toEqual({ active: before.inbox.active + 1, unread: before.inbox.unread + 2 });
    expect((await p.outsider.api('GET', '/api/referrals/cases/invited/')).json<Page<unknown>>().count).toBe(
      0,
    );
  });

  async function listed(box: 'inbox' | 'outbox', list: string): Promise<string[]> {
    const res = await p.gp.api('GET', `/api/referrals/?box=${box}&list=${list}&page_size=100`);
    return res.json<Page<{ id: string }>>().results.map((row) => row.id);
  }
});
