import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Report, ReportListItem, ReportStats } from '@referrals/domain/reports/report-schemas';
import { auditLog } from '../../db/schema/audit-log.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/people.ts';
import { referralHistory, referrals } from '../../db/schema/referrals.ts';
import { reports } from '../../db/schema/reports.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { readMailbox } from '../../../test/mailbox.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';
import { insertReferral } from '../referrals/actions/referral-action-test-setup.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import { draftReport, reportPaths, submittedReport } from './report-test-setup.ts';

type Page = { count: number; results: ReportListItem[] };

describe('clinical reports: written by the receiver, reviewed by the referrer (sections 4 and 7 Reports)', () => {
  let t: TestApp;
  let p: ReferralParties;
  let referralId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());
  beforeEach(async () => {
    // Each test starts with no reports, so a list shows what that test wrote.
    await t.database.db.delete(reports);
    referralId = (await insertReferral(t.database.db, p, { status: 'ACPT' })).id;
  });

  const inbox = async (query = '') => (await p.gp.api('GET', `/api/reports/?box=inbox${query}`)).json<Page>();

  it('goes from draft to submitted, under review and reviewed, each step by its side, told to the other', async () => {
    const created = await p.specialist.api('POST', `/api/referrals/${referralId}/reports/`, {});
    expect(created.statusCode).toBe(201);
    const draft = created.json<Report>();
    expect(draft).toMatchObject({
      status: { value: 'DRFT', display: 'Draft' },
      title: 'Report',
      recipients: [{ type: 'referrer' }],
      side: 'receiver',
      allowed_actions: ['update', 'delete', 'submit'],
      author: { id: p.specialist.user.id, name: 'Dr Samuel Hart' },
      referral: { id: referralId, patient: { first_name: 'Olivia' }, referrer: { id: p.gp.user.id } },
    });
    const paths = reportPaths(referralId, draft.id);

    // The referrer side never sees a draft: the same 404 as a missing report, and not in its inbox.
    expect((await p.gp.api('GET', paths.one)).statusCode).toBe(404);
    expect((await inbox()).count).toBe(0);

    const edited = await p.specialist.api('PATCH', paths.one, {
      version: draft.version,
      title: 'Cardiology report',
      report_body: '<p>Holter shows <strong>paroxysmal AF</strong>.</p><script>alert(1)</script>',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Report>()).toMatchObject({
      title: 'Cardiology report',
      report_body: '<p>Holter shows <strong>paroxysmal AF</strong>.</p>',
    });
    const stale = await p.specialist.api('PATCH', paths.one, { version: draft.version, title: 'Old' });
    expect(stale.statusCode).toBe(409);

    const submitted = await p.specialist.api('POST', paths.action('submit'));
    expect(submitted.json<Report>()).toMatchObject({ status: { value: 'SBMT' }, allowed_actions: [] });
    expect((await p.specialist.api('POST', paths.action('submit'))).json()).toEqual({
      detail: 'This report is Submitted and cannot be submitted.',
      status: { value: 'SBMT', display: 'Submitted' },
    });

    // The referrer finds it new and unread, counted in the navigation, and is notified.
    const listed = await inbox('&list=new');
    expect(listed.results).toMatchObject([
      { id: draft.id, status: { value: 'SBMT' }, unread: true, side: 'sender', title: 'Cardiology report' },
    ]);
    expect((await p.gp.api('GET', '/api/reports/stats/')).json<ReportStats>()).toEqual({
      inbox: { count: 1, unread: 1 },
      outbox: { count: 0, unread: 0 },
      drafts: 0,
    });
    const [told] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, p.gp.user.id), eq(notifications.subject_id, draft.id)));
    expect(told).toMatchObject({
      scope: 'report',
      action: 'submit',
      title: 'New clinical report',
      text: 'Northside Cardiology sent you a clinical report for Olivia Whitfield',
    });

    // The author may not review, the referrer may not edit.
    expect((await p.specialist.api('POST', paths.action('review'))).statusCode).toBe(403);
    expect((await p.gp.api('PATCH', paths.one, { version: 3, title: 'x' })).statusCode).toBe(403);

    const opened = await p.gp.api('POST', paths.action('view'));
    expect(opened.json<Report>()).toMatchObject({
      status: { value: 'VWD', display: 'Under review' },
      unread: false,
      allowed_actions: ['review'],
    });
    expect((await inbox('&list=under-review')).results.map((r) => r.id)).toEqual([draft.id]);
    const reviewed = await p.gp.api('POST', paths.action('review'));
    expect(reviewed.json<Report>()).toMatchObject({
      status: { value: 'RVWD', display: 'Reviewed' },
      reviewed_by: { id: p.gp.user.id },
      allowed_actions: ['underreview'],
    });

    // The author's side sees the review as news, and was told of the opening and the review.
    const outbox = (await p.specialist.api('GET', '/api/reports/?box=outbox&list=reviewed')).json<Page>();
    expect(outbox.results).toMatchObject([{ id: draft.id, unread: true, side: 'receiver' }]);
    const authorTold = await t.database.db
      .select({ action: notifications.action })
      .from(notifications)
      .where(eq(notifications.user_id, p.specialist.user.id));
    expect(authorTold.map((n) => n.action).sort()).toEqual(['review', 'view']);
    const history = await t.database.db
      .select({ action: referralHistory.action })
      .from(referralHistory)
      .where(eq(referralHistory.referral_id, referralId));
    expect(history.map((h) => h.action)).toEqual(['report.submit', 'report.review']);

    // Taken up again: under review, and reviewed a second time.
    expect((await p.gp.api('POST', paths.action('underreview'))).json<Report>().status.value).toBe('VWD');
  });

  it('is written only by the receiver side, read by a shared-with reader, and a 404 to everyone else', async () => {
    expect((await p.gp.api('POST', `/api/referrals/${referralId}/reports/`, {})).statusCode).toBe(403);
    const report = await submittedReport(p.triageNurse, referralId);
    const paths = reportPaths(referralId, report.id);
    for (const outsider of [p.outsider, p.clinicColleague, p.gpColleague]) {
      for (const [method, url] of [
        ['GET', paths.one],
        ['PATCH', paths.one],
        ['DELETE', paths.one],
        ['POST', paths.action('view')],
        ['POST', paths.action('review')],
        ['GET', `/api/referrals/${referralId}/reports/`],
        ['POST', `/api/referrals/${referralId}/reports/`],
        ['GET', `${paths.files}/signature/`],
        ['POST', `${paths.files}/signature/`],
        ['DELETE', `${paths.files}/upload/`],
      ] as const) {
        const res = await outsider.api(method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await outsider.api('GET', '/api/reports/?box=inbox')).json<Page>().count).toBe(0);
      expect((await outsider.api('GET', '/api/reports/?box=outbox')).json<Page>().count).toBe(0);
    }

    await p.gp.api('POST', `/api/referrals/${referralId}/share/`, { establishment: p.outsiderPractice.id });
    const shared = await p.outsider.api('GET', paths.one);
    expect(shared.json<Report>()).toMatchObject({ side: 'shared', allowed_actions: [] });
    expect((await p.outsider.api('POST', paths.action('review'))).statusCode).toBe(403);
  });

  it('is written only on a referral its receiver holds, and at most 20 on one referral', async () => {
    const returned = await insertReferral(t.database.db, p, { status: 'RTRN' });
    const refused = await p.specialist.api('POST', `/api/referrals/${returned.id}/reports/`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: { value: 'RTRN', display: 'Returned' } });

    for (let i = 0; i < 20; i++) await draftReport(p.specialist, referralId, { title: `Report ${i + 1}` });
    const more = await p.specialist.api('POST', `/api/referrals/${referralId}/reports/`, {});
    expect(more.statusCode).toBe(400);
    expect(more.json()).toEqual({ non_field_errors: ['A referral can have at most 20 reports.'] });
  });

  it('refuses to submit an empty report, and deletes a draft for good', async () => {
    const empty = await draftReport(p.specialist, referralId, { report_body: '<p> </p>' });
    const paths = reportPaths(referralId, empty.id);
    const refused = await p.specialist.api('POST', paths.action('submit'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ report_body: ['Write the report or upload it before you submit.'] });
    expect((await p.specialist.api('DELETE', paths.one)).statusCode).toBe(204);
    expect((await p.specialist.api('GET', paths.one)).statusCode).toBe(404);

    const sent = await submittedReport(p.specialist, referralId);
    const gone = await p.specialist.api('DELETE', reportPaths(referralId, sent.id).one);
    expect(gone.statusCode).toBe(409);
  });

  it('gives one 200 and nineteen 409s to 20 simultaneous reviews', async () => {
    const report = await submittedReport(p.specialist, referralId);
    const url = reportPaths(referralId, report.id).action('review');
    const answers = await Promise.all(Array.from({ length: 20 }, () => p.gp.api('POST', url)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(19).fill(409)]);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, report.id), eq(auditLog.action, 'report.review')));
    expect(rows).toHaveLength(1);
  });

  it('starts from an establishment template, which only its report writers change', async () => {
    const made = await p.specialist.api('POST', '/api/reports/templates/', {
      name: 'Echo report',
      report_body: '<h2>Findings</h2><p>LV function:</p>',
    });
    expect(made.statusCode).toBe(201);
    const template = made.json<{ id: string; version: number }>();
    expect(
      (await p.gp.api('POST', '/api/reports/templates/', { name: 'x', report_body: '' })).statusCode,
    ).toBe(403);
    expect(
      (await p.outsider.api('PUT', `/api/reports/templates/${template.id}/`, { name: 'x', report_body: '' }))
        .statusCode,
    ).toBe(404);
    expect((await p.gp.api('GET', '/api/reports/templates/')).json<{ count: number }>().count).toBe(0);
    const listed = (await p.triageNurse.api('GET', '/api/reports/templates/')).json<{ results: unknown[] }>();
    expect(listed.results).toMatchObject([{ name: 'Echo report' }]);

    const report = await draftReport(p.specialist, referralId, {
      report_body: undefined,
      template: template.id,
    });
    expect(report.report_body).toBe('<h2>Findings</h2><p>LV function:</p>');
    const foreign = await p.outsider.api('POST', '/api/reports/templates/', {
      name: 'Theirs',
      report_body: '',
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('lists with the section 7 filters, and audits each listed report', async () => {
    const other = await insertReferral(t.database.db, p, { status: 'SCHDL' });
    const a = await submittedReport(p.specialist, referralId, { title: 'First' });
    const b = await submittedReport(p.triageNurse, other.id, { title: 'Second' });
    const draft = await draftReport(p.specialist, referralId, { title: 'Draft' });

    expect((await inbox()).results.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect((await inbox(`&referral_id=${other.id.slice(0, 8)}`)).results.map((r) => r.id)).toEqual([b.id]);
    expect((await inbox('&patient_name=oliv')).count).toBe(2);
    expect((await inbox('&patient_name=nobody')).count).toBe(0);
    expect((await inbox('&exclude_status=SCHDL')).results.map((r) => r.id)).toEqual([a.id]);
    expect((await inbox('&report_status=VWD')).count).toBe(0);
    const mine = (await p.specialist.api('GET', '/api/reports/?box=outbox&my_report=true')).json<Page>();
    expect(mine.results.map((r) => r.id).sort()).toEqual([a.id, draft.id].sort());
    const drafts = (await p.specialist.api('GET', '/api/reports/?box=outbox&list=drafts')).json<Page>();
    expect(drafts.results.map((r) => r.id)).toEqual([draft.id]);
    expect((await p.gp.api('GET', '/api/reports/?box=inbox&list=drafts')).statusCode).toBe(400);

    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.list'), eq(auditLog.actor_id, p.gp.user.id)));
    expect(audited.length).toBeGreaterThan(0);
    expect(audited.every((row) => row.patient_id === p.patient.id)).toBe(true);
  });

  it('shows shared outbox access every report sent to its practice, less those on a referral deleted for good', async () => {
    const manager = await signedInPerson(t.app, t.database.db, {
      at: p.practice.id,
      employment: { permissions: ['add_referral', 'manage_referral'], has_shared_outbox_access: true },
      user: { role: 'GP', first_name: 'Maria', last_name: 'Lowe' },
    });
    const other = await insertReferral(t.database.db, p, {
      status: 'SCHDL',
      referrer_id: p.gpColleague.user.id,
    });
    const a = await submittedReport(p.specialist, referralId);
    const b = await submittedReport(p.specialist, other.id);
    await draftReport(p.specialist, other.id);
    const seen = async (person: Person) => {
      const page = (await person.api('GET', '/api/reports/?box=inbox')).json<Page>();
      const stats = (await person.api('GET', '/api/reports/stats/')).json<ReportStats>();
      return { ids: page.results.map((r) => r.id).sort(), count: page.count, counted: stats.inbox.count };
    };

    expect(await seen(manager)).toEqual({ ids: [a.id, b.id].sort(), count: 2, counted: 2 });
    // Without the grant, the referrer sees the reports on their own referrals only.
    expect(await seen(p.gp)).toEqual({ ids: [a.id], count: 1, counted: 1 });

    await t.database.db.update(referrals).set({ is_deleted: true }).where(eq(referrals.id, other.id));
    expect(await seen(manager)).toEqual({ ids: [a.id], count: 1, counted: 1 });
    await t.database.db.update(referrals).set({ is_deleted: true }).where(eq(referrals.id, referralId));
    expect(await seen(manager)).toEqual({ ids: [], count: 0, counted: 0 });
    expect(await seen(p.gp)).toEqual({ ids: [], count: 0, counted: 0 });
  });

  it('pages shared outbox access its inbox newest first, each list with its own total', async () => {
    const manager = await signedInPerson(t.app, t.database.db, {
      at: p.practice.id,
      employment: { permissions: ['add_referral', 'manage_referral'], has_shared_outbox_access: true },
      user: { role: 'GP', first_name: 'Maria', last_name: 'Lowe' },
    });
    const others = [
      await insertReferral(t.database.db, p, { status: 'SCHDL', referrer_id: p.gpColleague.user.id }),
      await insertReferral(t.database.db, p, { status: 'SCHDL', referrer_id: p.gpColleague.user.id }),
    ];
    // Submitted on the 3rd, 1st and 2nd: the inbox shows them by submission, not by creation.
    const [third, first, second] = [
      await submittedReport(p.specialist, referralId),
      await submittedReport(p.specialist, others[0]?.id ?? ''),
      await submittedReport(p.specialist, others[1]?.id ?? ''),
    ];
    for (const [report, day] of [
      [third, 3],
      [first, 1],
      [second, 2],
    ] as const) {
      await t.database.db
        .update(reports)
        .set({ submitted_at: new Date(`2026-03-0${day}T09:00:00Z`) })
        .where(eq(reports.id, report.id));
    }
    await t.database.db.update(reports).set({ status: 'RVWD' }).where(eq(reports.id, second.id));
    const listed = async (query: string) => {
      const page = (await manager.api('GET', `/api/reports/?box=inbox&page_size=2&${query}`)).json<Page>();
      return { ids: page.results.map((r) => r.id), count: page.count };
    };

    expect(await listed('page=1')).toEqual({ ids: [third.id, second.id], count: 3 });
    expect(await listed('page=2')).toEqual({ ids: [first.id], count: 3 });
    expect(await listed('list=new')).toEqual({ ids: [third.id, first.id], count: 2 });
    expect(await listed('list=reviewed')).toEqual({ ids: [second.id], count: 1 });
  });

  it('mails the referrer whose preference is on, with a link and no patient name', async () => {
    await t.database.db
      .update(users)
      .set({ email_notifications: { email_my_report: true } })
      .where(eq(users.id, p.gp.user.id));
    const before = (await readMailbox(t.app)).length;
    const report = await submittedReport(p.specialist, referralId);
    const mail = (await readMailbox(t.app)).slice(before);
    expect(mail.map((m) => [m.to, m.subject])).toEqual([[p.gp.user.email, 'New clinical report']]);
    expect(mail[0]?.text).toContain(`http://referrals.test/referrals/${referralId}/report/${report.id}`);
    for (const body of [mail[0]?.text, mail[0]?.subject]) expect(body).not.toMatch(/Olivia|Whitfield/);
  });
});
