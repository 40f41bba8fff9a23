import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, CapabilityStatement, DocumentReference } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit-log.ts';
import { referralAttachments } from '../../db/schema/referrals.ts';
import { reports } from '../../db/schema/reports.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import { as, expectValid, failure, fhirTestServer } from './fhir-test-server.ts';
import { backendServiceClient } from './fhir-test-services.ts';

describe('searching the letters, files and reports of referrals through the FHIR API', () => {
  let t: Awaited<ReturnType<typeof fhirTestServer>>;
  let p: ReferralParties;
  let sent: string;
  let drafts: string[];
  let attachmentId: string;
  let draftReportId: string;
  let reportId: string;
  let clinicHolder: Person;

  const search = (searchParams: Record<string, string | number>, who: Person = p.gp) =>
    as<Bundle<DocumentReference>>(
      t.clientOf(who).search({ resourceType: 'DocumentReference', searchParams }),
    );
  const ids = (bundle: Bundle<DocumentReference>) => (bundle.entry ?? []).map((e) => e.resource?.id);
  /** Every page of a search, following the next links as a client does. */
  async function allPages(first: Bundle<DocumentReference>, who: Person = p.gp) {
    const pages = [first];
    for (let page = first; page.link?.some((l) => l.relation === 'next');) {
      page = await as<Bundle<DocumentReference>>(
        t.clientOf(who).nextPage({ bundle: { ...page, link: page.link ?? [] } }) ??
          Promise.reject(new Error('no next page')),
      );
      expectValid(page);
      pages.push(page);
    }
    return pages;
  }

  beforeAll(async () => {
    t = await fhirTestServer();
    const db = t.database.db;
    p = await referralParties(t.app, db);
    const draft = await p.gp.api('POST', '/api/referrals/', {
      patient: p.patient.id,
      to_establishment: p.clinic.id,
      assignee: p.specialist.user.id,
      referrer_message: 'Exertional dyspnoea, murmur.',
    });
    sent = draft.json<{ id: string }>().id;
    const [file] = await db
      .insert(referralAttachments)
      .values({
        referral_id: sent,
        kind: 'referrer',
        original_name: 'echo-2026-10.pdf',
        stored_name: 'echo-stored.pdf',
        content_type: 'application/pdf',
        size: 1024,
        uploaded_by_id: p.gp.user.id,
      })
      .returning();
    attachmentId = file?.id ?? '';
    expect((await p.gp.api('POST', `/api/referrals/${sent}/submit/`)).statusCode).toBe(200);
    const written = await db
      .insert(reports)
      .values([
        {
          referral_id: sent,
          status: 'SBMT',
          title: 'Echocardiogram result',
          recipients: [],
          author_id: p.specialist.user.id,
          author_establishment_id: p.clinic.id,
          recipient_establishment_id: p.practice.id,
          submitted_at: new Date(),
        },
        {
          referral_id: sent,
          status: 'DRFT',
          title: 'Consultation (draft)',
          recipients: [],
          author_id: p.specialist.user.id,
          author_establishment_id: p.clinic.id,
          recipient_establishment_id: p.practice.id,
        },
      ])
      .returning();
    reportId = written[0]?.id ?? '';
    draftReportId = written[1]?.id ?? '';
    drafts = [];
    for (let i = 0; i < 2; i += 1) {
      const made = await p.gp.api('POST', '/api/referrals/', {
        patient: p.patient.id,
        to_establishment: p.clinic.id,
      });
      drafts.push(made.json<{ id: string }>().id);
    }
    clinicHolder = await signedInPerson(t.app, db, {
      at: p.clinic.id,
      employment: { is_account_holder: true },
      user: { role: 'PM' },
    });
  });
  afterAll(() => t.app.close());

  it('finds a patient’s documents newest referral first, a page at a time, none twice', async () => {
    const first = await search({ patient: `Patient/${p.patient.id}`, _count: 2 });
    expectValid(first);
    expect(first.entry).toHaveLength(2);
    const pages = await allPages(first);
    expect(pages.map((page) => page.entry?.length)).toEqual([2, 2, 1]);
    const found = pages.flatMap(ids);
    // The drafts were changed last; the sent referral's letter, file and submitted report follow, in order.
    expect(found).toEqual([
      `letter-${drafts[1]}`,
      `letter-${drafts[0]}`,
      `letter-${sent}`,
      `attachment-${attachmentId}`,
      `report-${reportId}`,
    ]);
    const file = pages[1]?.entry?.[1]?.resource;
    expect(file).toMatchObject({
      subject: { reference: `Patient/${p.patient.id}` },
      content: [{ attachment: { contentType: 'application/pdf', title: 'echo-2026-10.pdf' } }],
      context: { related: [{ reference: `ServiceRequest/${sent}` }] },
    });
    // `subject` is `patient`.
    expect(ids(await search({ subject: p.patient.id, _count: 10 }))).toEqual(found);
  });

  it('finds one referral’s documents by related, the draft report only on the receiving side', async () => {
    const gpSees = await search({ related: `ServiceRequest/${sent}` });
    expectValid(gpSees);
    expect(ids(gpSees)).toEqual([`letter-${sent}`, `attachment-${attachmentId}`, `report-${reportId}`]);
    const specialistSees = await search({ related: `ServiceRequest/${sent}` }, p.specialist);
    expect(ids(specialistSees)).toEqual([
      `letter-${sent}`,
      `attachment-${attachmentId}`,
      `report-${reportId}`,
      `report-${draftReportId}`,
    ]);
    // A page that ends inside the referral goes on with its next document.
    const pages = await allPages(await search({ related: `ServiceRequest/${sent}`, _count: 1 }));
    expect(pages.flatMap(ids)).toEqual(ids(gpSees));
    // The receiver does not see the sender's drafts.
    const received = await search({ patient: `Patient/${p.patient.id}` }, p.specialist);
    expect(ids(received)).toEqual(ids(specialistSees));
  });

  it('filters by the referral’s last change', async () => {
    const none = await search({ related: `ServiceRequest/${sent}`, _lastUpdated: 'gt2100-01-01' });
    expect(none.entry).toEqual([]);
    const all = await search({ related: `ServiceRequest/${sent}`, _lastUpdated: 'ge2020-01-01' });
    expect(all.entry).toHaveLength(3);
    for (const entry of all.entry ?? []) expect(entry.resource?.meta?.lastUpdated).toBeDefined();
  });

  it('finds nothing of another establishment’s referrals, and reads none of their documents', async () => {
    expect((await search({ patient: `Patient/${p.patient.id}` }, p.outsider)).entry).toEqual([]);
    expect((await search({ related: `ServiceRequest/${sent}` }, p.outsider)).entry).toEqual([]);
    expect((await search({}, p.outsider)).entry).toEqual([]);
    const hidden = await failure(
      t.clientOf(p.outsider).read({ resourceType: 'DocumentReference', id: `report-${reportId}` }),
    );
    expect(hidden.status).toBe(404);
    expectValid(hidden.outcome);
  });

  it('writes the list audit row of each referral whose documents it gave', async () => {
    const rows = await t.database.db
      .select({ action: auditLog.action, detail: auditLog.detail, patient_id: auditLog.patient_id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.resource_id, drafts[0] ?? ''),
          eq(auditLog.actor_id, p.gp.user.id),
          eq(auditLog.action, 'referral.list'),
        ),
      );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[0]).toMatchObject({ detail: { via: 'fhir' }, patient_id: p.patient.id });
  });

  it('refuses a parameter it does not know, a reference it cannot read and a bad page link', async () => {
    const unknown = await failure(search({ type: 'http://loinc.org|57133-1' }));
    expect(unknown.status).toBe(400);
    expectValid(unknown.outcome);
    expect(unknown.outcome.issue[0]).toMatchObject({ code: 'invalid', expression: ['type'] });
    const task = await failure(search({ related: `Task/${sent}` }));
    expect(task.outcome.issue[0]?.expression).toEqual(['related']);
    const cursor = await failure(search({ _cursor: 'not-a-cursor' }));
    expect(cursor.status).toBe(400);
    expect(cursor.outcome.issue[0]?.diagnostics).toBe('This page link is not valid: start the search again.');
    const date = await failure(search({ _lastUpdated: 'soon' }));
    expect(date.outcome.issue[0]?.expression).toEqual(['_lastUpdated']);
  });

  it('gives a backend service the documents of what its establishment received, only with the scope', async () => {
    const withoutDocuments = await backendServiceClient(t.base, clinicHolder, p.clinic.id, [
      'system/ServiceRequest.rs',
    ]);
    const refused = await failure(
      withoutDocuments.search({
        resourceType: 'DocumentReference',
        searchParams: { related: `ServiceRequest/${sent}` },
      }),
    );
    expect(refused.status).toBe(403);
    expectValid(refused.outcome);
    expect(refused.outcome.issue[0]?.diagnostics).toContain('system/DocumentReference.s');

    const withDocuments = await backendServiceClient(t.base, clinicHolder, p.clinic.id, [
      'system/DocumentReference.rs',
    ]);
    const found = await as<Bundle<DocumentReference>>(
      withDocuments.search({
        resourceType: 'DocumentReference',
        searchParams: { patient: `Patient/${p.patient.id}` },
      }),
    );
    expectValid(found);
    // What the clinic received, its draft report too; never the practice's drafts.
    expect(ids(found)).toEqual([
      `letter-${sent}`,
      `attachment-${attachmentId}`,
      `report-${reportId}`,
      `report-${draftReportId}`,
    ]);
  });

  it('is in the CapabilityStatement with its search parameters', async () => {
    const statement = await as<CapabilityStatement>(t.clientOf().capabilityStatement());
    const resource = statement.rest?.[0]?.resource?.find((r) => r.type === 'DocumentReference');
    expect(resource?.interaction?.map((i) => i.code)).toEqual(['read', 'search-type']);
    expect(resource?.searchParam?.map((s) => s.name)).toEqual([
      'patient',
      'related',
      '_lastUpdated',
      '_count',
    ]);
  });
});
