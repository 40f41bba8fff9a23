import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Bundle,
  CapabilityStatement,
  DocumentReference,
  Organization,
  Patient,
  ServiceRequest,
  Task,
} from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit-log.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import type { Person } from '../establishments/establishment-test-people.ts';
import { as, expectValid, failure, fhirTestServer } from './fhir-test-server.ts';

describe('the FHIR API, read by a FHIR client the project did not write', () => {
  let t: Awaited<ReturnType<typeof fhirTestServer>>;
  let p: ReferralParties;
  let base: string;
  let referralId: string;
  const clientOf = (person?: Person) => t.clientOf(person);

  beforeAll(async () => {
    t = await fhirTestServer();
    base = t.base;
    p = await referralParties(t.app, t.database.db);
    const draft = await p.gp.api('POST', '/api/referrals/', {
      patient: p.patient.id,
      to_establishment: p.clinic.id,
      assignee: p.specialist.user.id,
      referrer_message: 'Exertional chest pain for three weeks.',
    });
    referralId = draft.json<{ id: string }>().id;
    expect((await p.gp.api('POST', `/api/referrals/${referralId}/submit/`)).statusCode).toBe(200);
  });
  afterAll(() => t.app.close());

  it('answers its CapabilityStatement without a sign-in', async () => {
    const statement = await as<CapabilityStatement>(clientOf().capabilityStatement());
    expectValid(statement);
    expect(statement).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1' });
  });

  it('gives the sender a submitted referral as a valid ServiceRequest and a requested Task', async () => {
    const gp = clientOf(p.gp);
    const request = await as<ServiceRequest>(gp.read({ resourceType: 'ServiceRequest', id: referralId }));
    expectValid(request);
    expect(request).toMatchObject({
      status: 'active',
      intent: 'order',
      subject: { reference: `Patient/${p.patient.id}`, display: 'Olivia Whitfield' },
      requester: { reference: `Practitioner/${p.gp.user.id}` },
      performer: [
        { reference: `Practitioner/${p.specialist.user.id}` },
        { reference: `Organization/${p.clinic.id}`, display: 'Northside Cardiology' },
      ],
      reasonCode: [{ text: 'Exertional chest pain for three weeks.' }],
      supportingInfo: [{ reference: `DocumentReference/letter-${referralId}` }],
    });
    const task = await as<Task>(gp.read({ resourceType: 'Task', id: referralId }));
    expectValid(task);
    expect(task).toMatchObject({
      status: 'requested',
      businessStatus: { text: 'Submitted' },
      focus: { reference: `ServiceRequest/${referralId}` },
    });

    const letter = await as<DocumentReference>(
      gp.read({ resourceType: 'DocumentReference', id: `letter-${referralId}` }),
    );
    expectValid(letter);
    expect(letter).toMatchObject({
      content: [
        { attachment: { contentType: 'application/pdf', url: `${base}/api/referrals/${referralId}/pdf/` } },
      ],
    });
    const patient = await as<Patient>(gp.read({ resourceType: 'Patient', id: p.patient.id }));
    expectValid(patient);
    expect(patient).toMatchObject({ name: [{ family: 'Whitfield', given: ['Olivia'] }] });
    expectValid(await as<Organization>(gp.read({ resourceType: 'Organization', id: p.clinic.id })));
  });

  it('follows the triage: accepted and scheduled, the Task is accepted with the appointment', async () => {
    expect(
      (await p.specialist.api('PUT', `/api/referrals/${referralId}/accept/`, { triage_category: 'CAT2' }))
        .statusCode,
    ).toBe(200);
    const appointment = '2026-12-10T09:00:00+11:00';
    const scheduled = await p.specialist.api('PUT', `/api/referrals/${referralId}/schedule/`, {
      appointment_date: appointment,
      // The triage carries its fields through to the booking, as the screens' triage does.
      triage_category: 'CAT2',
    });
    expect(scheduled.statusCode).toBe(200);
    const task = await as<Task>(clientOf(p.gp).read({ resourceType: 'Task', id: referralId }));
    expectValid(task);
    expect(task.status).toBe('accepted');
    expect(task.businessStatus?.text).toBe('Scheduled');
    const outputs = task.output ?? [];
    expect(outputs.find((o) => o.type.text === 'Appointment')?.valueDateTime).toBe(
      new Date(appointment).toISOString(),
    );
    expect(outputs.find((o) => o.type.text === 'Triage category')?.valueCodeableConcept?.text).toBe(
      'Category 2',
    );
  });

  it('searches by status and _lastUpdated, a page at a time through the next link', async () => {
    for (let i = 0; i < 2; i += 1) {
      await p.gp.api('POST', '/api/referrals/', { patient: p.patient.id, to_establishment: p.clinic.id });
    }
    const gp = clientOf(p.gp);
    const first = await as<Bundle<ServiceRequest>>(
      gp.search({
        resourceType: 'ServiceRequest',
        searchParams: { _count: 2, _lastUpdated: 'ge2020-01-01' },
      }),
    );
    expectValid(first);
    expect(first.entry).toHaveLength(2);
    const second = await as<Bundle<ServiceRequest>>(
      gp.nextPage({ bundle: { ...first, link: first.link ?? [] } }) ??
        Promise.reject(new Error('no next page')),
    );
    expectValid(second);
    const ids = [...(first.entry ?? []), ...(second.entry ?? [])].map((e) => e.resource?.id);
    expect(new Set(ids).size).toBe(3);
    expect(second.link?.some((l) => l.relation === 'next')).toBe(false);

    const drafts = await as<Bundle<Task>>(
      gp.search({
        resourceType: 'Task',
        searchParams: { status: 'draft' },
      }),
    );
    expect(drafts.entry?.map((e) => e.resource?.status)).toEqual(['draft', 'draft']);
    const accepted = await as<Bundle<Task>>(
      gp.search({
        resourceType: 'Task',
        searchParams: { status: 'accepted', patient: `Patient/${p.patient.id}` },
      }),
    );
    expect(accepted.entry?.map((e) => e.resource?.id)).toEqual([referralId]);
    const future = await as<Bundle>(
      gp.search({
        resourceType: 'ServiceRequest',
        searchParams: { _lastUpdated: 'gt2100-01-01' },
      }),
    );
    expect(future.entry).toEqual([]);
  });

  it('answers what may not be seen as a missing resource, and bad input as an OperationOutcome', async () => {
    const outsider = clientOf(p.outsider);
    for (const resourceType of ['ServiceRequest', 'Task']) {
      const hidden = await failure(outsider.read({ resourceType, id: referralId }));
      expect(hidden.status).toBe(404);
      expectValid(hidden.outcome);
      expect(hidden.outcome.issue[0]).toMatchObject({ code: 'not-found', diagnostics: 'Not found.' });
    }
    expect((await failure(outsider.read({ resourceType: 'Patient', id: p.patient.id }))).status).toBe(404);
    expect(
      (await failure(outsider.read({ resourceType: 'DocumentReference', id: `letter-${referralId}` })))
        .status,
    ).toBe(404);
    const none = await as<Bundle>(outsider.search({ resourceType: 'ServiceRequest' }));
    expect(none.entry).toEqual([]);

    const unsupported = await failure(
      clientOf(p.gp).search({ resourceType: 'Task', searchParams: { owner: 'x' } }),
    );
    expect(unsupported.status).toBe(400);
    expectValid(unsupported.outcome);
    expect(unsupported.outcome.issue[0]).toMatchObject({ code: 'invalid', expression: ['owner'] });
    const badDate = await failure(
      clientOf(p.gp).search({ resourceType: 'Task', searchParams: { _lastUpdated: 'soon' } }),
    );
    expect(badDate.outcome.issue[0]?.expression).toEqual(['_lastUpdated']);

    const anonymous = await failure(clientOf().read({ resourceType: 'Task', id: referralId }));
    expect(anonymous.status).toBe(401);
    expect(anonymous.outcome.issue[0]?.code).toBe('login');
    const unknown = await failure(clientOf(p.gp).read({ resourceType: 'Observation', id: referralId }));
    expect(unknown.status).toBe(404);
  });

  it('writes an audit row in the read for every referral it gives', async () => {
    const rows = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, referralId), eq(auditLog.actor_id, p.gp.user.id)));
    const actions = rows.map((r) => r.action);
    expect(actions.filter((a) => a === 'referral.read').length).toBeGreaterThanOrEqual(4);
    expect(actions).toContain('referral.list');
  });
});
