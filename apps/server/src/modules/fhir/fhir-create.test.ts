import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, ServiceRequest, Task } from '@medplum/fhirtypes';
import { count, eq } from 'drizzle-orm';
import { referrals } from '../../db/schema/referrals.ts';
import { createPatient } from '../../db/factories/factories.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import { as, expectValid, failure, fhirTestServer, sent } from './fhir-test-server.ts';

describe('creating a referral through the FHIR API', () => {
  let t: Awaited<ReturnType<typeof fhirTestServer>>;
  let p: ReferralParties;
  const order = (status: 'draft' | 'active', extra: Partial<ServiceRequest> = {}): ServiceRequest => ({
    resourceType: 'ServiceRequest',
    status,
    intent: 'order',
    subject: { reference: `Patient/${p.patient.id}` },
    performer: [
      { reference: `Organization/${p.clinic.id}` },
      { reference: `Practitioner/${p.specialist.user.id}` },
    ],
    reasonCode: [{ text: 'Palpitations on exertion; ECG attached to the record.' }],
    ...extra,
  });
  const referralCount = async () => (await t.database.db.select({ n: count() }).from(referrals))[0]?.n ?? 0;

  beforeAll(async () => {
    t = await fhirTestServer();
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());

  it('keeps a draft ServiceRequest a draft, and sends an active one to the receiver', async () => {
    const gp = t.clientOf(p.gp);
    const draft = await as<ServiceRequest>(
      gp.create({ resourceType: 'ServiceRequest', body: sent(order('draft')) }),
    );
    expectValid(draft);
    expect(draft).toMatchObject({
      status: 'draft',
      requester: { reference: `Practitioner/${p.gp.user.id}` },
    });
    const [row] = await t.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.id, draft.id ?? ''));
    expect(row).toMatchObject({
      status: 'DRFT',
      from_establishment_id: p.practice.id,
      to_establishment_id: p.clinic.id,
      assignee_id: p.specialist.user.id,
      referrer_message: 'Palpitations on exertion; ECG attached to the record.',
    });

    const submitted = await as<ServiceRequest>(
      gp.create({ resourceType: 'ServiceRequest', body: sent(order('active')) }),
    );
    expect(submitted.status).toBe('active');
    // The receiver finds it in their own search, as a requested Task.
    const inbox = await as<Bundle<Task>>(
      t.clientOf(p.specialist).search({ resourceType: 'Task', searchParams: { status: 'requested' } }),
    );
    expect(inbox.entry?.map((e) => e.resource?.id)).toEqual([submitted.id]);
    expect(inbox.entry?.[0]?.resource?.businessStatus?.text).toBe('Submitted');
  });

  it('takes the ServiceRequest with its Task in a transaction, the Task saying whether to send', async () => {
    const body: Bundle = {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        { fullUrl: 'urn:uuid:9e3c1f5e-1a6b-4d59-9a57-2d7d2f0c4a11', resource: order('active') },
        {
          resource: {
            resourceType: 'Task',
            status: 'requested',
            intent: 'order',
            focus: { reference: 'urn:uuid:9e3c1f5e-1a6b-4d59-9a57-2d7d2f0c4a11' },
          },
        },
      ],
    };
    const answer = await as<Bundle>(t.clientOf(p.gp).transaction({ body: sent(body) }));
    expectValid(answer);
    expect(answer.type).toBe('transaction-response');
    const location = answer.entry?.[1]?.response?.location ?? '';
    expect(location).toMatch(/^Task\/[0-9a-f-]{36}\/_history\/\d+$/);
    const task = await as<Task>(
      t.clientOf(p.gp).read({ resourceType: 'Task', id: location.split('/')[1] ?? '' }),
    );
    expect(task.status).toBe('requested');
  });

  it('answers what the rules refuse with an OperationOutcome on the element, and stores nothing', async () => {
    const gp = t.clientOf(p.gp);
    const before = await referralCount();

    const noReceiver = await failure(
      gp.create({ resourceType: 'ServiceRequest', body: sent(order('active', { performer: [] })) }),
    );
    expect(noReceiver.status).toBe(400);
    expectValid(noReceiver.outcome);
    expect(noReceiver.outcome.issue).toEqual([
      expect.objectContaining({
        code: 'invalid',
        expression: ['performer'],
        diagnostics: 'This field is required.',
      }),
    ]);

    const elsewhere = await createPatient(t.database.db, { establishment_id: p.outsiderPractice.id });
    const notOurs = await failure(
      gp.create({
        resourceType: 'ServiceRequest',
        body: sent(order('draft', { subject: { reference: `Patient/${elsewhere.id}` } })),
      }),
    );
    expect(notOurs.status).toBe(400);
    expect(notOurs.outcome.issue[0]?.expression).toEqual(['subject']);

    const malformed = await failure(
      gp.create({
        resourceType: 'ServiceRequest',
        body: sent({ ...order('active'), subject: { display: 'Olivia' } }),
      }),
    );
    expect(malformed.outcome.issue[0]).toMatchObject({
      expression: ['subject.reference'],
      diagnostics: 'Name the patient as Patient/{id}.',
    });
    const completed = await failure(
      gp.create({ resourceType: 'ServiceRequest', body: sent(order('draft', { status: 'completed' })) }),
    );
    expect(completed.outcome.issue[0]?.expression).toEqual(['status']);

    expect(await referralCount()).toBe(before);
  });

  it('refuses a caller who may not send referrals, and hides the new referral from other establishments', async () => {
    const refused = await failure(
      t.clientOf(p.triageNurse).create({ resourceType: 'ServiceRequest', body: sent(order('draft')) }),
    );
    // The clinic's triage nurse receives referrals and has no add_referral.
    expect(refused.status).toBe(403);
    expect(refused.outcome.issue[0]?.code).toBe('forbidden');
    const made = await as<ServiceRequest>(
      t.clientOf(p.gp).create({ resourceType: 'ServiceRequest', body: sent(order('draft')) }),
    );
    const hidden = await failure(
      t.clientOf(p.outsider).read({ resourceType: 'ServiceRequest', id: made.id ?? '' }),
    );
    expect(hidden.status).toBe(404);
    expect(hidden.outcome.issue[0]?.code).toBe('not-found');
  });
});
