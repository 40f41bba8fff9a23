import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Response } from 'light-my-request';
import {
  createEstablishment,
  createPatient,
  type Establishment,
  type Patient,
} from '../../../db/factories/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { visiblePatientsDrift } from '../../../../test/visible-patients-drift.ts';
import { signedInPerson, type Person } from '../../establishments/establishment-test-people.ts';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';
import { insertReferral } from './referral-action-test-setup.ts';

const CLIENTS = 20;
const RENEWAL = { renewal_reason: 'Ongoing care' };

const KINDS = [
  'create',
  'submit',
  'view',
  'accept',
  'renew',
  'forward',
  'mrn add',
  'mrn change',
  'mrn delete',
] as const;
type Kind = (typeof KINDS)[number];

/** The answers that are not `status`, with their bodies, so a failure shows what the server said. */
const otherThan = (status: number, answers: Response[]) =>
  answers.filter((res) => res.statusCode !== status).map((res) => `${res.statusCode} ${res.body}`);

/**
 * Issue 24: every insert that names a patient took the foreign key's KEY SHARE on the patient row, then
 * visible_patients' trigger asked for FOR UPDATE on it, so two writes about one patient deadlocked and
 * answered 500. On PostgreSQL (TEST_DATABASE_URL, as in CI) the calls really overlap; on PGlite's single
 * connection they run one after the other, and the answers must be the same.
 */
describe('concurrent writes about the same patient', () => {
  let t: TestApp;
  let p: ReferralParties;
  let hospital: Establishment;
  let cardiologist: Person;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
    hospital = await createEstablishment(t.database.db, { name: 'Royal Eastern Hospital', type: 'HL' });
    cardiologist = await signedInPerson(t.app, t.database.db, {
      at: hospital.id,
      employment: { permissions: ['accept_referral'] },
      user: { role: 'SP', last_name: 'Okafor' },
    });
  });
  afterAll(() => t.app.close());

  const forwardToHospital = () => ({
    forwarded_to_establishment: hospital.id,
    forwarded_assignee: cardiologist.user.id,
    forwarded_reason: 'MORE_APPROPRIATE_SERVICE',
    forwarded_message: 'Needs the cath lab.',
  });

  it('20 creates for one patient all answer 201', async () => {
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, () =>
        p.gp.api('POST', '/api/referrals/', {
          patient: p.patient.id,
          to_establishment: p.clinic.id,
          assignee: p.specialist.user.id,
          referrer_message: 'Palpitations for three weeks.',
        }),
      ),
    );
    expect(otherThan(201, answers)).toEqual([]);
  });

  /** Referrals of the parties' patient in `status`, put straight into the database, one per client. */
  async function referralsIn(status: 'SBMT' | 'ACPT') {
    const rows = [];
    for (let i = 0; i < CLIENTS; i++) rows.push(await insertReferral(t.database.db, p, { status }));
    return rows;
  }

  // Forward and renew update their source, under its own lock, before they insert a new referral naming
  // the patient: another path to the patient row's locks than a create's, and each is tried.
  it('20 forwards of different referrals of one patient all answer 200', async () => {
    const sources = await referralsIn('SBMT');
    const answers = await Promise.all(
      sources.map((source) =>
        p.specialist.api('PUT', `/api/referrals/${source.id}/forward/`, forwardToHospital()),
      ),
    );
    expect(otherThan(200, answers)).toEqual([]);
  });

  it('20 renewals of different referrals of one patient all answer 201', async () => {
    const sources = await referralsIn('ACPT');
    const answers = await Promise.all(
      sources.map((source) => p.gp.api('PUT', `/api/referrals/${source.id}/renew/`, RENEWAL)),
    );
    expect(otherThan(201, answers)).toEqual([]);
  });

  describe('a mixed run of 20 clients on 3 patients', () => {
    /** A receiving clinic per client: its referrals and its MRNs are that client's alone. */
    type Desk = { clinic: Establishment; specialist: Person };
    let patients: Patient[];
    let desks: Desk[];
    beforeAll(async () => {
      const db = t.database.db;
      patients = [];
      for (let i = 0; i < 3; i++) patients.push(await createPatient(db, { establishment_id: p.practice.id }));
      desks = [];
      for (let i = 0; i < CLIENTS; i++) {
        const clinic = await createEstablishment(db, { name: `Clinic ${i}`, type: 'CL' });
        const specialist = await signedInPerson(t.app, db, {
          at: clinic.id,
          employment: { permissions: ['accept_referral'] },
          user: { role: 'SP' },
        });
        desks.push({ clinic, specialist });
      }
    });

    const succeeded = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
    const serverErrors: string[] = [];

    /**
     * One call of the run: counted when it succeeds, kept with its body when it is a 5xx. A client works
     * only on its own referrals and its own clinic's MRNs, so no call should be refused either; a refusal
     * ends the client's round (the next call needs its answer) and shows in the counts.
     */
    async function step(kind: Kind, call: Promise<Response>): Promise<Response | undefined> {
      const res = await call;
      if (res.statusCode < 300) {
        succeeded[kind] += 1;
        return res;
      }
      if (res.statusCode >= 500) serverErrors.push(`${kind}: ${res.statusCode} ${res.body}`);
      return undefined;
    }

    /**
     * GP to the desk's clinic: create and submit; the clinic views and accepts it; the GP renews it (a new
     * referral to the clinic) and the clinic forwards the original to the hospital.
     */
    async function referralLifecycle(desk: Desk, patient: Patient): Promise<void> {
      const created = await step(
        'create',
        p.gp.api('POST', '/api/referrals/', {
          patient: patient.id,
          to_establishment: desk.clinic.id,
          assignee: desk.specialist.user.id,
          referrer_message: 'Exertional chest pain.',
        }),
      );
      if (!created) return;
      const url = `/api/referrals/${created.json<{ id: string }>().id}`;
      if (!(await step('submit', p.gp.api('POST', `${url}/submit/`)))) return;
      if (!(await step('view', desk.specialist.api('POST', `${url}/view/`)))) return;
      const accept = desk.specialist.api('PUT', `${url}/accept/`, { triage_category: 'CAT1' });
      if (!(await step('accept', accept))) return;
      if (!(await step('renew', p.gp.api('PUT', `${url}/renew/`, RENEWAL)))) return;
      await step('forward', desk.specialist.api('PUT', `${url}/forward/`, forwardToHospital()));
    }

    /**
     * The desk's clinic records, changes and removes its MRN for the patient (it sees the patient through
     * the referrals it received); numbers are unique per client and round, as an establishment's must be.
     */
    async function mrnRound(desk: Desk, patient: Patient, number: string): Promise<void> {
      const url = `/api/patients/${patient.id}/mrn/`;
      const added = await step('mrn add', desk.specialist.api('POST', url, { number }));
      if (!added) return;
      const mrnUrl = `${url}${added.json<{ id: string }>().id}/`;
      if (!(await step('mrn change', desk.specialist.api('PUT', mrnUrl, { number: `${number}-B` })))) return;
      await step('mrn delete', desk.specialist.api('DELETE', mrnUrl));
    }

    /** A client's rounds until the deadline, at least one, each on the next of the 3 patients. */
    async function client(index: number, deadline: number): Promise<void> {
      const desk = desks[index]!;
      let round = 0;
      do {
        const patient = patients[(index + round) % patients.length]!;
        await referralLifecycle(desk, patient);
        await mrnRound(desk, patient, `MRN-${index}-${round}`);
        round += 1;
      } while (Date.now() < deadline);
    }

    it('answers no 5xx, and visible_patients still equals its view', async () => {
      // PGlite runs the calls one at a time, so a long run there would only repeat itself.
      const runMs = t.database.kind === 'postgres' ? 30_000 : 3_000;
      const deadline = Date.now() + runMs;
      await Promise.all(desks.map((_, index) => client(index, deadline)));

      expect(serverErrors).toEqual([]);
      // Every client finishes at least one whole round, so a run that did nothing cannot pass.
      for (const kind of KINDS) expect(succeeded[kind], kind).toBeGreaterThanOrEqual(CLIENTS);
      expect(await visiblePatientsDrift(t.database)).toEqual({ extra: [], missing: [] });
    }, 60_000);
  });
});
