import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit-log.ts';
import { createEstablishment, type Establishment } from '../../db/factories/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { referralParties, type ReferralParties } from './referral-test-parties.ts';

const REQUIRED = ['This field is required.'];
const ORDER = {
  category: 'iv_antimicrobials',
  medications: [
    { name: 'Ceftriaxone', dose: '2 g', route: 'IV', frequency: 'Once daily' },
    { name: 'Metronidazole', dose: '500 mg', route: 'Oral', frequency: 'Twice daily' },
  ],
  start_date: '2026-12-01',
  duration: '10 days',
  notes: null,
};

describe('the digital medication-order page (section 4 Draft creation steps)', () => {
  let t: TestApp;
  let p: ReferralParties;
  let hith: Establishment;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
    hith = await createEstablishment(t.database.db, {
      name: 'Harbour Hospital in the Home',
      type: 'CL',
      digital_ordering: true,
    });
  });
  afterAll(() => t.app.close());

  const draftTo = async (to: string, overrides: object = {}) => {
    const res = await p.gp.api('POST', '/api/referrals/', {
      type: 'IN-APP',
      patient: p.patient.id,
      to_establishment: to,
      ...overrides,
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; version: number }>();
  };

  it('tells the wizard which receivers take digital orders, in the receiver list and the detail', async () => {
    const list = await p.gp.api('GET', '/api/establishments/?type=CL&approved=true&include_doctors=true');
    const flags = Object.fromEntries(
      (list.json().results as { name: string; digital_ordering: boolean }[]).map((e) => [
        e.name,
        e.digital_ordering,
      ]),
    );
    expect(flags).toMatchObject({ 'Harbour Hospital in the Home': true, 'Northside Cardiology': false });
    const detail = await p.gp.api('GET', `/api/establishments/${hith.id}/`);
    expect(detail.json().digital_ordering).toBe(true);
  });

  it('saves a half-filled order on the draft and returns it, with the receiver’s flag', async () => {
    const draft = await draftTo(hith.id);
    const half = {
      ...ORDER,
      category: null,
      medications: [{ name: 'Ceftriaxone', dose: '', route: '', frequency: '' }],
    };
    const saved = await p.gp.api('PATCH', `/api/referrals/${draft.id}/`, {
      version: draft.version,
      medication_order: half,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      medication_order: half,
      to_establishment: { id: hith.id, digital_ordering: true },
    });
    const read = await p.gp.api('GET', `/api/referrals/${draft.id}/`);
    expect(read.json().medication_order).toEqual(half);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.resource_id, draft.id));
    expect(audit.map((row) => row.action)).toContain('referral.update');
  });

  it('refuses an order with a category not in the list or more than ten medications', async () => {
    const draft = await draftTo(hith.id);
    const unknown = await p.gp.api('PATCH', `/api/referrals/${draft.id}/`, {
      version: draft.version,
      medication_order: { ...ORDER, category: 'chemotherapy' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().medication_order.category).toHaveLength(1);
    const many = await p.gp.api('PATCH', `/api/referrals/${draft.id}/`, {
      version: draft.version,
      medication_order: { ...ORDER, medications: Array(11).fill(ORDER.medications[0]) },
    });
    expect(many.json()).toEqual({ medication_order: { medications: ['List at most 10 medications.'] } });
  });

  it('submits to a receiver with digital ordering only with a complete order', async () => {
    const draft = await draftTo(hith.id);
    const none = await p.gp.api('POST', `/api/referrals/${draft.id}/submit/`);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ medication_order: REQUIRED });

    const saved = await p.gp.api('PATCH', `/api/referrals/${draft.id}/`, {
      version: draft.version,
      medication_order: { ...ORDER, start_date: '', medications: [{ ...ORDER.medications[0], dose: '' }] },
    });
    const half = await p.gp.api('POST', `/api/referrals/${draft.id}/submit/`);
    expect(half.statusCode).toBe(400);
    expect(half.json()).toEqual({
      medication_order: { medications: [{ dose: REQUIRED }], start_date: REQUIRED },
    });

    await p.gp.api('PATCH', `/api/referrals/${draft.id}/`, {
      version: saved.json().version,
      medication_order: ORDER,
    });
    const sent = await p.gp.api('POST', `/api/referrals/${draft.id}/submit/`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: { value: 'SBMT' }, medication_order: ORDER });
    // The letter prints the order as a section of its own.
    const letter = await p.gp.api('GET', `/api/referrals/${draft.id}/pdf/`);
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
  });

  it('submits to a receiver without digital ordering with no order, and refuses one sent to it', async () => {
    const plain = await draftTo(p.clinic.id);
    const sent = await p.gp.api('POST', `/api/referrals/${plain.id}/submit/`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      medication_order: null,
      to_establishment: { digital_ordering: false },
    });

    const stray = await draftTo(p.clinic.id, { medication_order: ORDER });
    const refused = await p.gp.api('POST', `/api/referrals/${stray.id}/submit/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      medication_order: [
        'This receiver does not take digital medication orders: remove the medication order.',
      ],
    });
  });

  it('carries the order to a clone, as the rest of the sender’s content', async () => {
    const draft = await draftTo(hith.id, { medication_order: ORDER });
    const clone = await p.gp.api('POST', `/api/referrals/${draft.id}/clone/`);
    expect(clone.statusCode).toBe(201);
    expect(clone.json()).toMatchObject({ status: { value: 'DRFT' }, medication_order: ORDER });
  });
});
