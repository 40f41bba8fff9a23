import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Attachment } from '@referrals/domain/referrals/forms/attachment-schemas';
import type {
  ExternalAccessLink,
  ExternalAttachment,
  ExternalAttachmentList,
  ExternalReportList,
} from '@referrals/domain/external-access/external-access-schemas';
import { auditLog } from '../../db/schema/audit-log.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { referralAttachments, referralHistory } from '../../db/schema/referrals.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { PDF, PNG, storedFiles } from '../referrals/attachments/attachment-test-helpers.ts';
import { allText, readPdf } from '../referrals/letter/read-pdf-test-helpers.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import {
  externalReferral,
  issueLink,
  MAYA,
  putFile,
  setReferral,
  verified,
  viaLink,
} from './access-test-setup.ts';

const CONSENT = '/api/public/referrals/consent/';
const OWN_FILES = '/api/public/referrals/patient-attachments/';
const REPORTS = '/api/reports/external/';

describe('access without an account: the consent form, the patient’s files and the reports (issue 26 item 3)', () => {
  let t: TestApp;
  let p: ReferralParties;
  let ipCounter = 0;
  const freshIp = () => `192.0.2.${++ipCounter}`;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());

  /** A fresh external referral and a verified session through a link of `audience`. */
  async function opened(audience: 'sender' | 'patient' = 'patient') {
    const referral = await externalReferral(t.database.db, p);
    const { token } = await issueLink(t, referral.id, audience);
    const { session } = await verified(t.app, token, MAYA, freshIp());
    return { referral, token, session };
  }
  const patientFiles = (referralId: string) =>
    t.database.db
      .select()
      .from(referralAttachments)
      .where(and(eq(referralAttachments.referral_id, referralId), eq(referralAttachments.kind, 'patient')));

  it('prints the consent form for the patient to sign, with a session only', async () => {
    const { referral, token, session } = await opened();
    const refused = await viaLink(t.app, { token, path: CONSENT });
    expect(refused.statusCode).toBe(401);
    const form = await viaLink(t.app, { token, session, path: CONSENT });
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toBe('application/pdf');
    expect(form.headers['cache-control']).toBe('no-store');
    const text = allText(readPdf(form.rawPayload));
    for (const words of [
      'Maya Nguyen',
      'Northside Cardiology',
      'Consent to the referral',
      'Full name',
      'Date',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toContain('I agree to Northside Cardiology receiving this referral');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, referral.id), eq(auditLog.action, 'referral.consent.read')));
    expect(audit).toMatchObject({
      actor_id: null,
      establishment_id: p.clinic.id,
      detail: { audience: 'patient' },
    });
    // Nothing signed yet.
    expect((await viaLink(t.app, { token, session, path: CONSENT, query: 'consent=true' })).statusCode).toBe(
      404,
    );
  });

  it('takes the signed copy back as a patient attachment the receiver reads in the app, audited', async () => {
    const { referral, token, session } = await opened();
    const sent = await putFile(t.app, { path: CONSENT, token, session, name: 'signed.png', bytes: PNG });
    expect(sent.statusCode).toBe(201);
    const file = sent.json<ExternalAttachment>();
    expect(file).toMatchObject({ kind: 'patient', is_consent_form: true, content_type: 'image/png' });

    const view = (await viaLink(t.app, { token, session })).json<ExternalAccessLink>().referral;
    expect(view?.consent).toEqual({ asked: true, signed_copy_uploaded: true });
    const copy = await viaLink(t.app, { token, session, path: CONSENT, query: 'consent=true' });
    expect([copy.statusCode, copy.headers['content-type']]).toEqual([200, 'image/png']);
    expect(copy.rawPayload.equals(PNG)).toBe(true);

    const inApp = await p.specialist.api('GET', `/api/referrals/${referral.id}/patient-attachments/`);
    expect(inApp.json<{ results: Attachment[] }>().results).toMatchObject([
      { id: file.id, kind: 'patient', access: 'read', meta: { field: 'consent_form' } },
    ]);
    const [history] = await t.database.db
      .select()
      .from(referralHistory)
      .where(
        and(eq(referralHistory.referral_id, referral.id), eq(referralHistory.action, 'attachment.create')),
      );
    expect(history).toMatchObject({
      actor_id: null,
      detail: { attachment_id: file.id, audience: 'patient' },
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, referral.id), eq(auditLog.action, 'referral.attachment.create')));
    expect(audit).toMatchObject({
      actor_id: null,
      patient_id: referral.patient_id,
      detail: { audience: 'patient' },
    });
    expect(JSON.stringify(audit)).not.toContain('signed.png');

    // The receiver is told in the app, naming the patient there and never the file.
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, p.specialist.user.id), eq(notifications.subject_id, referral.id)));
    expect(told).toMatchObject([
      {
        title: 'Signed consent form received',
        text: 'The patient sent the signed consent form for Maya Nguyen',
        subject_details: { attachment_id: file.id, referral_id: referral.id, access: 'receiver' },
      },
    ]);
    expect(JSON.stringify(told)).not.toContain('signed.png');
  });

  it('refuses an oversized file (413) and a type it may not be (400), storing nothing', async () => {
    const { referral, token, session } = await opened();
    const filesBefore = await storedFiles(t.config.dataDir);
    const big = await putFile(t.app, {
      path: CONSENT,
      token,
      session,
      bytes: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]),
    });
    expect([big.statusCode, big.json()]).toEqual([413, { file: ['The file is larger than 5 MB.'] }]);
    const docx = Buffer.concat([
      Buffer.from('PK\u0003\u0004'),
      Buffer.from('[Content_Types].xml word/document.xml'),
    ]);
    for (const [path, bytes] of [
      [CONSENT, docx],
      [CONSENT, Buffer.from('just words, not a scan')],
      [OWN_FILES, Buffer.from('#!/bin/sh\necho not a document\n')],
    ] as const) {
      const res = await putFile(t.app, { path, token, session, bytes, name: 'file.pdf' });
      expect(res.statusCode, path).toBe(400);
      expect(Object.keys(res.json<object>())).toEqual(['file']);
    }
    const noSession = await putFile(t.app, { path: OWN_FILES, token, session: 'not-a-session' });
    expect(noSession.statusCode).toBe(401);
    expect(await patientFiles(referral.id)).toEqual([]);
    expect(await storedFiles(t.config.dataDir)).toEqual(filesBefore);
  });

  it('lists and takes the patient’s own files, up to 20 on a referral, and serves only those it lists', async () => {
    const { referral, token, session } = await opened();
    const sent = await putFile(t.app, {
      path: OWN_FILES,
      token,
      session,
      name: 'holter.pdf',
      fields: { note: 'Holter results from my GP', referral_id: referral.id },
    });
    expect(sent.statusCode).toBe(201);
    const file = sent.json<ExternalAttachment>();
    expect(file).toMatchObject({
      is_consent_form: false,
      note: 'Holter results from my GP',
      original_name: 'holter.pdf',
    });
    const listed = await viaLink(t.app, { token, session, path: OWN_FILES });
    expect(listed.json<ExternalAttachmentList>().results.map((f) => f.id)).toEqual([file.id]);
    const download = await viaLink(t.app, { token, session, query: `attachment=${file.id}` });
    expect([download.statusCode, download.rawPayload.equals(PDF)]).toEqual([200, true]);
    expect(download.headers['content-disposition']).toBe('attachment; filename="holter.pdf"');

    // Another referral's id in the form is no referral of this link's.
    const other = await externalReferral(t.database.db, p);
    const elsewhere = await putFile(t.app, {
      path: OWN_FILES,
      token,
      session,
      fields: { referral_id: other.id },
    });
    expect(elsewhere.statusCode).toBe(404);
    // The referrer's own files are the sender's to download, not the patient's.
    const [referrerFile] = await t.database.db
      .insert(referralAttachments)
      .values({
        referral_id: referral.id,
        kind: 'referrer',
        original_name: 'letter.pdf',
        stored_name: '00000000-0000-4000-8000-000000000009.pdf',
        content_type: 'application/pdf',
        size: 10,
      })
      .returning();
    const refused = await viaLink(t.app, { token, session, query: `attachment=${referrerFile?.id ?? ''}` });
    expect(refused.statusCode).toBe(404);
    expect((await viaLink(t.app, { token, session, query: 'attachment=not-an-id' })).statusCode).toBe(404);

    await t.database.db.insert(referralAttachments).values(
      Array.from({ length: 19 }, (_, i) => ({
        referral_id: referral.id,
        kind: 'patient',
        original_name: `page-${i}.pdf`,
        stored_name: '00000000-0000-4000-8000-000000000001.pdf',
        content_type: 'application/pdf',
        size: 10,
      })),
    );
    const full = await putFile(t.app, { path: OWN_FILES, token, session });
    expect([full.statusCode, full.json()]).toEqual([
      400,
      { non_field_errors: ['A referral can have at most 20 patient attachments.'] },
    ]);
    expect(await patientFiles(referral.id)).toHaveLength(20);
  });

  it('prints the referral letter for the sender, and for the patient’s side only when the referrer’s contact is shown', async () => {
    const sender = await opened('sender');
    const letter = await viaLink(t.app, { token: sender.token, session: sender.session, query: 'pdf=true' });
    expect([letter.statusCode, letter.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(allText(readPdf(letter.rawPayload))).toContain('Chest pain on exertion');

    const patient = await opened('patient');
    const hidden = await viaLink(t.app, {
      token: patient.token,
      session: patient.session,
      query: 'pdf=true',
    });
    expect(hidden.statusCode).toBe(403);
    await setReferral(t.database.db, patient.referral.id, { hide_referrer_contact_from_patient: false });
    const shown = await viaLink(t.app, { token: patient.token, session: patient.session, query: 'pdf=true' });
    expect(shown.statusCode).toBe(200);
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, patient.referral.id), eq(auditLog.action, 'referral.letter')));
    expect(actions).toHaveLength(1);
  });

  it('shows each reader the sent reports addressed to them, with their text and letters, and no others', async () => {
    const { referral, token, session } = await opened('patient');
    const senderLink = await issueLink(t, referral.id, 'sender');
    const senderSession = (await verified(t.app, senderLink.token, MAYA, freshIp())).session;
    const report = async (title: string, recipients: object[], submit = true) => {
      const made = await p.specialist.api('POST', `/api/referrals/${referral.id}/reports/`, {
        title,
        report_body: `<p>${title}: echo normal.</p>`,
        recipients,
      });
      const { id } = made.json<{ id: string }>();
      if (submit) await p.specialist.api('POST', `/api/referrals/${referral.id}/reports/${id}/submit/`);
      return id;
    };
    const toReferrer = await report('For the referrer', [{ type: 'referrer' }]);
    const toBoth = await report('For both', [{ type: 'referrer' }, { type: 'patient' }]);
    const draft = await report('Draft for the patient', [{ type: 'patient' }], false);

    const mine = await viaLink(t.app, { token, session, path: REPORTS });
    expect(mine.json<ExternalReportList>().results).toMatchObject([
      {
        id: toBoth,
        title: 'For both',
        report_body: '<p>For both: echo normal.</p>',
        author: 'Dr Samuel Hart',
        establishment: 'Northside Cardiology',
      },
    ]);
    const senders = await viaLink(t.app, { token: senderLink.token, session: senderSession, path: REPORTS });
    expect(senders.json<ExternalReportList>().results.map((r) => r.id)).toEqual([toReferrer, toBoth]);

    const letterOf = (id: string) =>
      viaLink(t.app, { token, session, path: REPORTS, query: `pdf=true&report=${id}` });
    const letter = await letterOf(toBoth);
    expect([letter.statusCode, letter.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(allText(readPdf(letter.rawPayload))).toContain('For both');
    const missing = await letterOf('00000000-0000-4000-8000-000000000000');
    for (const id of [toReferrer, draft, 'not-an-id']) {
      const res = await letterOf(id);
      expect([res.statusCode, res.body]).toEqual([404, missing.body]);
    }
    const reads = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.read'), eq(auditLog.resource_id, toBoth)));
    expect(reads.map((row) => (row.detail as { audience: string }).audience).sort()).toEqual([
      'patient',
      'sender',
    ]);
  });
});
