import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  caseConferenceEvents,
  caseConferenceParticipants,
  caseConferences,
} from '../../db/schema/case-conferences.ts';
import { notifications } from '../../db/schema/notifications.ts';
import {
  formTemplates,
  referralAttachments,
  referralHistory,
  referrals,
  referralShares,
  messageTemplates,
  referralStickyNotes,
  referralTags,
  referralVerificationCodes,
} from '../../db/schema/referrals.ts';
import { reportFiles, reports, reportTemplates } from '../../db/schema/reports.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';
import { createEstablishment } from '../../db/factories/factories.ts';
import { REFERRAL_MATRIX_PREFIXES } from './referral-matrix-prefixes.ts';
import { referralParties, type ReferralParties } from './referral-test-parties.ts';
import { uploadAs } from './attachments/attachment-test-helpers.ts';
import { ATTACHMENT_KINDS } from '@referrals/domain/referrals/forms/attachment-schemas';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const APPOINTMENT = '2026-12-01T09:30:00+11:00';
type Entry = {
  method: Method;
  route: string;
  url: string;
  body?: object;
  reads?: boolean;
  multipart?: boolean;
};

/**
 * Referral tenancy over every referral route that takes an id (referral-lifecycle.md, Sides): an outsider
 * and a colleague without shared access get the same 404 as for a missing id and change nothing; an
 * establishment the referral was shared with may read (`reads`) and nothing else (403 or 404).
 */
describe('referral tenancy: outsiders get 404, shared-with establishments read only', () => {
  let t: TestApp;
  let p: ReferralParties;
  let referralId: string;
  let sharedReader: Person;
  let notificationId: string;
  const attachmentIds: Record<string, string> = {};
  let tagId: string;
  let noteId: string;
  let templateId: string;
  let reportId: string;
  let reportFileId: string;
  let reportTemplateId: string;
  let conferenceEventId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
    const draft = await p.gp.api('POST', '/api/referrals/', {
      patient: p.patient.id,
      to_establishment: p.clinic.id,
      assignee: p.specialist.user.id,
    });
    referralId = draft.json<{ id: string }>().id;
    await p.gp.api('POST', `/api/referrals/${referralId}/submit/`);
    // Shared with the outsider's practice: its staff read, and only read.
    await t.database.db.insert(referralShares).values({
      referral_id: referralId,
      establishment_id: p.outsiderPractice.id,
      shared_by_id: p.gp.user.id,
    });
    sharedReader = p.outsider;
    // The assignee's notification of the submit: nobody else may read or mark it.
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, p.specialist.user.id));
    if (!notice) throw new Error('the submit notified nobody');
    notificationId = notice.id;
    expect((await p.specialist.api('GET', `/api/notifications/${notificationId}/`)).statusCode).toBe(200);
    await t.database.db.insert(formTemplates).values({
      establishment_id: p.clinic.id,
      name: 'cardiology',
      title: 'Cardiology referral',
      sections: [{ title: 'Measures', fields: [{ name: 'weight', type: 'number' }] }],
    });
    // One attachment of each kind, as rows: the matrix reads, changes and deletes them by id.
    for (const kind of ATTACHMENT_KINDS) {
      const [row] = await t.database.db
        .insert(referralAttachments)
        .values({
          referral_id: referralId,
          kind,
          original_name: 'letter.pdf',
          stored_name: '00000000-0000-4000-8000-000000000001.pdf',
          content_type: 'application/pdf',
          size: 10,
        })
        .returning();
      attachmentIds[kind] = row?.id ?? '';
    }
    // The clinic's own tag and sticky note: nobody outside the clinic may change them.
    const [tag] = await t.database.db
      .insert(referralTags)
      .values({ referral_id: referralId, establishment_id: p.clinic.id, label: 'Cardiac' })
      .returning();
    tagId = tag?.id ?? '';
    const [note] = await t.database.db
      .insert(referralStickyNotes)
      .values({ referral_id: referralId, establishment_id: p.clinic.id, body: 'Call the GP first' })
      .returning();
    noteId = note?.id ?? '';
    // A message template of an establishment none of the people here work at.
    const owner = await createEstablishment(t.database.db, { name: 'Template Owner Clinic' });
    const [template] = await t.database.db
      .insert(messageTemplates)
      .values({ establishment_id: owner.id, name: 'Booked', body: 'Booked.', message_type: 'triage' })
      .returning();
    templateId = template?.id ?? '';
    // A report the clinic sent back, with a file row, and a report template of the owner establishment.
    const [report] = await t.database.db
      .insert(reports)
      .values({
        referral_id: referralId,
        status: 'SBMT',
        title: 'Report',
        report_body: '<p>Seen.</p>',
        recipients: [{ type: 'referrer' }],
        author_id: p.specialist.user.id,
        author_establishment_id: p.clinic.id,
        recipient_establishment_id: p.practice.id,
        submitted_at: new Date(),
      })
      .returning();
    reportId = report?.id ?? '';
    const [file] = await t.database.db
      .insert(reportFiles)
      .values({
        report_id: reportId,
        kind: 'attachment',
        original_name: 'echo.pdf',
        stored_name: '00000000-0000-4000-8000-000000000002.pdf',
        content_type: 'application/pdf',
        size: 10,
      })
      .returning();
    reportFileId = file?.id ?? '';
    const [reportTemplate] = await t.database.db
      .insert(reportTemplates)
      .values({ establishment_id: owner.id, name: 'Echo', report_body: '<p>Echo</p>' })
      .returning();
    reportTemplateId = reportTemplate?.id ?? '';
    // A closed case conference of the referrer's with a message: its archive is there to read.
    const [conference] = await t.database.db
      .insert(caseConferences)
      .values({
        referral_id: referralId,
        owner_id: p.gp.user.id,
        status: 'closed',
        started_at: new Date('2026-11-01T10:00:00Z'),
        ends_at: new Date('2026-11-15T10:00:00Z'),
        closed_at: new Date('2026-11-02T10:00:00Z'),
        closed_by_id: p.gp.user.id,
      })
      .returning();
    if (!conference) throw new Error('conference insert returned nothing');
    await t.database.db.insert(caseConferenceParticipants).values({
      conference_id: conference.id,
      user_id: p.gp.user.id,
      establishment_id: p.practice.id,
      side: 'sender',
      status: 'joined',
    });
    const [message] = await t.database.db
      .insert(caseConferenceEvents)
      .values({ conference_id: conference.id, kind: 'message', author_id: p.gp.user.id, message: 'Seen?' })
      .returning();
    conferenceEventId = String(message?.id ?? '');
  });
  afterAll(() => t.app.close());

  function matrix(): Entry[] {
    const one = `/api/referrals/${referralId}/`;
    return [
      { method: 'GET', route: '/api/referrals/:id/', url: one, reads: true },
      { method: 'PUT', route: '/api/referrals/:id/', url: one, body: { version: 1, mrn: 'X' } },
      { method: 'PATCH', route: '/api/referrals/:id/', url: one, body: { version: 1, mrn: 'X' } },
      { method: 'POST', route: '/api/referrals/:id/submit/', url: `${one}submit/` },
      { method: 'POST', route: '/api/referrals/:id/view/', url: `${one}view/`, reads: true },
      { method: 'GET', route: '/api/referrals/:id/history/', url: `${one}history/`, reads: true },
      {
        method: 'PUT',
        route: '/api/referrals/:id/forward/',
        url: `${one}forward/`,
        body: {
          forwarded_to_establishment: p.practice.id,
          forwarded_no_named_specialist: true,
          forwarded_reason: 'OTHER',
          other_forwarded_reason: 'x',
        },
      },
      {
        method: 'PATCH',
        route: '/api/referrals/:id/forward/',
        url: `${one}forward/`,
        body: {
          forwarded_to_establishment: p.practice.id,
          forwarded_no_named_specialist: true,
          forwarded_reason: 'OTHER',
          other_forwarded_reason: 'x',
        },
      },
      {
        method: 'PUT',
        route: '/api/referrals/:id/renew/',
        url: `${one}renew/`,
        body: { renewal_reason: 'Again' },
      },
      { method: 'POST', route: '/api/referrals/:id/clone/', url: `${one}clone/` },
      { method: 'POST', route: '/api/referrals/:id/copy/', url: `${one}copy/` },
      { method: 'GET', route: '/api/referrals/:id/pdf/', url: `${one}pdf/`, reads: true },
      { method: 'GET', route: '/api/referrals/:id/hl7/', url: `${one}hl7/`, reads: true },
      // A notification is its recipient's alone: every other person gets 404, the shared-with reader too.
      {
        method: 'GET',
        route: '/api/notifications/:id/',
        url: `/api/notifications/${notificationId}/`,
      },
      {
        method: 'POST',
        route: '/api/notifications/:id/mark-viewed/',
        url: `/api/notifications/${notificationId}/mark-viewed/`,
      },
      { method: 'DELETE', route: '/api/referrals/:id/', url: one },
      ...(['POST', 'PUT', 'PATCH'] as const).map((method) => ({
        method,
        route: '/api/referrals/:id/accept/',
        url: `${one}accept/`,
        body: method === 'POST' ? undefined : { triage_category: 'CAT1' },
      })),
      ...(['POST', 'PUT', 'PATCH'] as const).map((method) => ({
        method,
        route: '/api/referrals/:id/schedule/',
        url: `${one}schedule/`,
        body: method === 'POST' ? undefined : { appointment_date: APPOINTMENT },
      })),
      ...(['POST', 'PATCH'] as const).map((method) => ({
        method,
        route: '/api/referrals/:id/schedule/manual/',
        url: `${one}schedule/manual/`,
        body: { appointment_date: APPOINTMENT },
      })),
      ...(['PUT', 'PATCH'] as const).flatMap((method) => [
        {
          method,
          route: '/api/referrals/:id/reschedule/',
          url: `${one}reschedule/`,
          body: { reschedule_reason: 'PATIENT_REQUEST', appointment_date: APPOINTMENT },
        },
        {
          method,
          route: '/api/referrals/:id/return/',
          url: `${one}return/`,
          body: { return_reason: 'DUPLICATE' },
        },
        {
          method,
          route: '/api/referrals/:id/recall/',
          url: `${one}recall/`,
          body: { recall_reason: 'NO_LONGER_REQUIRED' },
        },
      ]),
      {
        method: 'POST',
        route: '/api/referrals/:id/reschedule/',
        url: `${one}reschedule/`,
        body: { appointment_location: 'Room 2' },
      },
      { method: 'POST', route: '/api/referrals/:id/convert/', url: `${one}convert/` },
      { method: 'POST', route: '/api/referrals/:id/archive/', url: `${one}archive/` },
      { method: 'POST', route: '/api/referrals/:id/unarchive/', url: `${one}unarchive/` },
      { method: 'POST', route: '/api/referrals/:id/delete/', url: `${one}delete/` },
      {
        method: 'POST',
        route: '/api/referrals/:id/share/',
        url: `${one}share/`,
        body: { establishment: p.practice.id },
      },
      { method: 'POST', route: '/api/referrals/:id/upload-to-emr/', url: `${one}upload-to-emr/` },
      { method: 'GET', route: '/api/referrals/:id/export-to-emr/', url: `${one}export-to-emr/`, reads: true },
      { method: 'POST', route: '/api/referrals/:id/patient-link/', url: `${one}patient-link/` },
      ...(['GET', 'POST'] as const).map((method) => ({
        method,
        route: '/api/referrals/:id/verification-code/',
        url: `${one}verification-code/`,
      })),
      {
        method: 'POST',
        route: '/api/referrals/:id/set-vitro-episode-id/',
        url: `${one}set-vitro-episode-id/`,
        body: { vitro_episode_id: 'EP1' },
      },
      {
        method: 'GET',
        route: '/api/referrals/:id/form-templates/',
        url: `${one}form-templates/`,
        reads: true,
      },
      { method: 'GET', route: '/api/referrals/:id/forms/', url: `${one}forms/`, reads: true },
      {
        method: 'PUT',
        route: '/api/referrals/:id/forms/',
        url: `${one}forms/`,
        body: { form: 'cardiology', fields: { weight: 80 } },
      },
      ...ATTACHMENT_KINDS.flatMap((kind): Entry[] => {
        const list = `${one}${kind}-attachments/`;
        const route = `/api/referrals/:id/${kind}-attachments/`;
        const att = `${list}${attachmentIds[kind] ?? ''}/`;
        return [
          { method: 'GET', route, url: list, reads: true },
          { method: 'POST', route, url: list, multipart: true },
          { method: 'GET', route: `${route}:attachmentId/`, url: att, reads: true },
          { method: 'PATCH', route: `${route}:attachmentId/`, url: att, body: { meta: { note: 'x' } } },
          { method: 'DELETE', route: `${route}:attachmentId/`, url: att },
          // The file row points at no stored file here: the shared reader passes visibility and gets 404.
          { method: 'GET', route: `${route}:attachmentId/file/`, url: `${att}file/` },
        ];
      }),
      { method: 'POST', route: '/api/referrals/:id/tags/', url: `${one}tags/`, body: { label: 'Mine' } },
      {
        method: 'PATCH',
        route: '/api/referrals/:id/tags/:tagId/',
        url: `${one}tags/${tagId}/`,
        body: { label: 'Renamed' },
      },
      { method: 'DELETE', route: '/api/referrals/:id/tags/:tagId/', url: `${one}tags/${tagId}/` },
      {
        method: 'POST',
        route: '/api/referrals/:id/sticky-notes/',
        url: `${one}sticky-notes/`,
        body: { body: 'Mine' },
      },
      {
        method: 'PATCH',
        route: '/api/referrals/:id/sticky-notes/:noteId/',
        url: `${one}sticky-notes/${noteId}/`,
        body: { body: 'Changed' },
      },
      {
        method: 'DELETE',
        route: '/api/referrals/:id/sticky-notes/:noteId/',
        url: `${one}sticky-notes/${noteId}/`,
      },
      {
        method: 'PUT',
        route: '/api/referrals/templates/messages/:id/',
        url: `/api/referrals/templates/messages/${templateId}/`,
        body: { name: 'Mine', body: 'Mine.', message_type: 'triage' },
      },
      {
        method: 'DELETE',
        route: '/api/referrals/templates/messages/:id/',
        url: `/api/referrals/templates/messages/${templateId}/`,
      },
      {
        method: 'GET',
        route: '/api/referrals/:id/supplementary-attachments/zip/',
        url: `${one}supplementary-attachments/zip/`,
        reads: true,
      },
      ...reportMatrix(one),
      ...conferenceMatrix(one),
    ];
  }

  /**
   * The referral's case conference (closed, so its archive reads). A shared-with reader reads it and is
   * refused every action (403) before its status is looked at; anyone else gets 404.
   */
  function conferenceMatrix(one: string): Entry[] {
    const base = '/api/referrals/:id/case/';
    const url = `${one}case/`;
    return [
      { method: 'GET', route: base, url, reads: true },
      { method: 'POST', route: base, url, body: { participants: [] } },
      ...(['join', 'leave', 'close'] as const).map((name): Entry => ({
        method: 'POST',
        route: `${base}${name}/`,
        url: `${url}${name}/`,
      })),
      {
        method: 'POST',
        route: `${base}read/`,
        url: `${url}read/`,
        body: { message_id: conferenceEventId },
      },
      { method: 'GET', route: `${base}events/`, url: `${url}events/`, reads: true },
      { method: 'POST', route: `${base}events/`, url: `${url}events/`, body: { message: 'Hello' } },
      { method: 'GET', route: `${base}archive/`, url: `${url}archive/`, reads: true },
      // Inviting and looking for invitees are for those who may start or invite: a reader gets 403.
      {
        method: 'POST',
        route: `${base}participants/`,
        url: `${url}participants/`,
        body: { participants: [p.gp.user.id] },
      },
      { method: 'GET', route: `${base}invitees/`, url: `${url}invitees/` },
    ];
  }

  /** The referral's reports, their files and another establishment's report template. */
  function reportMatrix(one: string): Entry[] {
    const reportRoute = '/api/referrals/:id/reports/:rid/';
    const report = `${one}reports/${reportId}/`;
    const files = `/api/reports/${reportId}/`;
    const template = `/api/reports/templates/${reportTemplateId}/`;
    return [
      { method: 'GET', route: '/api/referrals/:id/reports/', url: `${one}reports/`, reads: true },
      { method: 'POST', route: '/api/referrals/:id/reports/', url: `${one}reports/`, body: {} },
      { method: 'GET', route: reportRoute, url: report, reads: true },
      // The referral letter's route with mode=report: the report's reach, not the referral's.
      {
        method: 'GET',
        route: '/api/referrals/:id/pdf/',
        url: `${one}pdf/?mode=report&report_id=${reportId}`,
        reads: true,
      },
      {
        method: 'GET',
        route: '/api/referrals/:id/hl7/',
        url: `${one}hl7/?mode=report&report_id=${reportId}`,
        reads: true,
      },
      { method: 'PUT', route: reportRoute, url: report, body: { version: 1, title: 'Mine' } },
      { method: 'PATCH', route: reportRoute, url: report, body: { version: 1, title: 'Mine' } },
      { method: 'DELETE', route: reportRoute, url: report },
      { method: 'POST', route: `${reportRoute}submit/`, url: `${report}submit/` },
      { method: 'POST', route: `${reportRoute}view/`, url: `${report}view/`, reads: true },
      { method: 'POST', route: `${reportRoute}underreview/`, url: `${report}underreview/` },
      { method: 'POST', route: `${reportRoute}review/`, url: `${report}review/` },
      { method: 'POST', route: '/api/reports/:id/upload/', url: `${files}upload/`, multipart: true },
      { method: 'DELETE', route: '/api/reports/:id/upload/', url: `${files}upload/` },
      {
        method: 'POST',
        route: '/api/reports/:id/attachments/',
        url: `${files}attachments/`,
        multipart: true,
      },
      {
        method: 'DELETE',
        route: '/api/reports/:id/attachments/:fileId/',
        url: `${files}attachments/${reportFileId}/`,
      },
      // The file row points at no stored file: the shared reader passes visibility and gets 404.
      { method: 'GET', route: '/api/reports/:id/files/:fileId/', url: `${files}files/${reportFileId}/` },
      { method: 'POST', route: '/api/reports/:id/signature/', url: `${files}signature/` },
      { method: 'GET', route: '/api/reports/:id/signature/', url: `${files}signature/` },
      { method: 'DELETE', route: '/api/reports/:id/signature/', url: `${files}signature/` },
      {
        method: 'PUT',
        route: '/api/reports/templates/:id/',
        url: template,
        body: { name: 'Mine', report_body: '', version: 1 },
      },
      { method: 'DELETE', route: '/api/reports/templates/:id/', url: template },
    ];
  }

  it('covers every referral route that takes an id', () => {
    const covered = new Set(matrix().map((entry) => `${entry.method} ${entry.route}`));
    const withId = t.app.routeAccess
      .filter((route) => route.url.includes('/:'))
      .filter((route) => REFERRAL_MATRIX_PREFIXES.some((prefix) => route.url.startsWith(prefix)))
      .map((route) => `${route.method} ${route.url}`);
    expect(withId.filter((route) => !covered.has(route))).toEqual([]);
  });

  async function snapshot() {
    const db = t.database.db;
    return JSON.stringify([
      await db.select().from(referrals).orderBy(asc(referrals.id)),
      await db.select().from(referralHistory).orderBy(asc(referralHistory.id)),
      await db.select().from(referralShares).orderBy(asc(referralShares.id)),
      await db.select().from(notifications).orderBy(asc(notifications.id)),
      await db.select().from(referralAttachments).orderBy(asc(referralAttachments.id)),
      await db.select().from(referralTags).orderBy(asc(referralTags.id)),
      await db.select().from(referralStickyNotes).orderBy(asc(referralStickyNotes.id)),
      await db.select().from(messageTemplates).orderBy(asc(messageTemplates.id)),
      await db.select().from(referralVerificationCodes).orderBy(asc(referralVerificationCodes.referral_id)),
      await db.select().from(reports).orderBy(asc(reports.id)),
      await db.select().from(reportFiles).orderBy(asc(reportFiles.id)),
      await db.select().from(reportTemplates).orderBy(asc(reportTemplates.id)),
      await db.select().from(caseConferences).orderBy(asc(caseConferences.id)),
      await db
        .select()
        .from(caseConferenceParticipants)
        .orderBy(asc(caseConferenceParticipants.conference_id), asc(caseConferenceParticipants.user_id)),
      await db.select().from(caseConferenceEvents).orderBy(asc(caseConferenceEvents.id)),
    ]);
  }

  function send(who: Person, entry: Entry) {
    if (entry.multipart) return uploadAs(t.app, who, entry.url);
    return who.api(entry.method, entry.url, entry.body);
  }

  it('answers an outsider and colleagues without shared access 404 on every route, changing nothing', async () => {
    // A stranger to this referral: the shared-with practice is not one.
    const elsewhere = await createEstablishment(t.database.db, { name: 'Far Away Clinic' });
    const outsider = await signedInPerson(t.app, t.database.db, {
      at: elsewhere.id,
      employment: { permissions: ['add_referral', 'accept_referral', 'manage_referral'] },
    });
    const before = await snapshot();
    for (const who of [outsider, p.gpColleague, p.clinicColleague]) {
      for (const entry of matrix()) {
        const res = await send(who, entry);
        expect(res.statusCode, `${entry.method} ${entry.url}`).toBe(404);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('lets a shared-with establishment read the referral and nothing more', async () => {
    const before = await snapshot();
    for (const entry of matrix()) {
      const res = await send(sharedReader, entry);
      if (entry.reads) expect(res.statusCode, `${entry.method} ${entry.url}`).toBe(200);
      else expect([403, 404], `${entry.method} ${entry.url}`).toContain(res.statusCode);
    }
    const shared = await sharedReader.api('GET', `/api/referrals/${referralId}/`);
    // The clinic's tag and sticky note are the clinic's: the shared-with reader sees none.
    expect(shared.json()).toMatchObject({ side: 'shared', allowed_actions: [], tags: [], sticky_notes: [] });
    expect(await snapshot()).toBe(before);
  });
});
