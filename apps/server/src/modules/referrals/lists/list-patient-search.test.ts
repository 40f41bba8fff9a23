import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReportListItem } from '@referrals/domain/reports/report-schemas';
import { patientMrns, patients, visiblePatients } from '../../../db/schema/patients.ts';
import { referralShares, referrals } from '../../../db/schema/referrals.ts';
import {
  createEstablishment,
  createPatient,
  createReferral,
  type Patient,
} from '../../../db/factories/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import type { Person } from '../../establishments/establishment-test-people.ts';
import { submittedReport } from '../../reports/report-test-setup.ts';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';

type Item = { id: string; patient: { first_name: string; last_name: string } | null };
type Page = { count: number; results: Item[] };

/**
 * A list's patient search (search, patient_name, patient_mrn) starts from the caller's establishment's
 * patients in visible_patients and then reads their referrals (issue 25). These are the rows
 * visible_patients does not hold for the list's establishment, which must still be found, and the words'
 * rule, checked against the unsearched list.
 */
describe('patient search of the referral and report lists', () => {
  let t: TestApp;
  let p: ReferralParties;
  /** Label -> referral id. */
  const ids: Record<string, string> = {};
  const labelOf = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id;

  const list = async (who: Person, query: string): Promise<Page> => {
    const res = await who.api('GET', `/api/referrals/?${query}&page_size=100`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };
  const labels = async (who: Person, query: string) =>
    (await list(who, query)).results.map((item) => labelOf(item.id)).sort();

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    p = await referralParties(t.app, db);
    const elsewhere = await createEstablishment(db, { name: 'Elsewhere Hospital', type: 'HL' });
    const patient = (first_name: string, last_name: string, establishment_id = p.outsiderPractice.id) =>
      createPatient(db, { establishment_id, first_name, last_name });
    let hour = 0;
    // From the outsider's practice to the clinic unless told otherwise: the clinic sees these patients only
    // through the referral (or what the test adds).
    const make = async (
      label: string,
      who: Patient,
      overrides: Parameters<typeof createReferral>[1] = {},
    ) => {
      hour += 1;
      const row = await createReferral(db, {
        status: 'SBMT',
        patient_id: who.id,
        referrer_id: p.outsider.user.id,
        from_establishment_id: p.outsiderPractice.id,
        to_establishment_id: p.clinic.id,
        submitted_at: new Date(Date.parse('2026-06-01T00:00:00Z') + hour * 3_600_000),
        ...overrides,
      });
      ids[label] = row.id;
    };
    await make('bartholomewQuince', await patient('Bartholomew', 'Quince'));
    await make('quinnBartley', await patient('Quinn', 'Bartley'));
    await make('oliviaWhitfield', p.patient, {
      referrer_id: p.gp.user.id,
      from_establishment_id: p.practice.id,
    });

    // Deleted since: in nobody's visible_patients, still in the clinic's inbox under its name.
    const gone = await patient('Delia', 'Gone');
    await make('deletedPatient', gone);
    await db.update(patients).set({ status: 'deleted' }).where(eq(patients.id, gone.id));

    // Recalled to drafts after submission: the receiver still lists them (status=DRFT). The clinic sees the
    // first's patient through nothing else, the second's through an MRN it holds.
    await make('recalled', await patient('Rita', 'Recall'), { status: 'DRFT', is_recalled: true });
    const held = await patient('Mona', 'Recall');
    await db
      .insert(patientMrns)
      .values({ patient_id: held.id, establishment_id: p.clinic.id, number: 'C-1' });
    await make('recalledWithMrn', held, { status: 'DRFT', is_recalled: true });

    // Between two other establishments, shared with the clinic.
    await make('shared', await patient('Sharon', 'Elsewhere'), {
      to_establishment_id: elsewhere.id,
      status: 'ACPT',
    });
    await db.insert(referralShares).values({
      referral_id: ids.shared!,
      establishment_id: p.clinic.id,
      shared_by_id: p.outsider.user.id,
    });

    // MRNs: the patient's at the clinic, and the referral's own.
    const numbered = await patient('Norma', 'Number');
    await db
      .insert(patientMrns)
      .values({ patient_id: numbered.id, establishment_id: p.clinic.id, number: 'MRN-7781' });
    await make('clinicMrn', numbered);
    await make('ownMrn', await patient('Otto', 'Own'), { mrn: 'RX-991' });
  });
  afterAll(() => t.app.close());

  it('matches every word against the start of the first or last name, in any case and order', async () => {
    const s = p.triageNurse;
    expect(await labels(s, 'box=inbox&search=bart quin')).toEqual(['bartholomewQuince', 'quinnBartley']);
    expect(await labels(s, 'box=inbox&search=QUINCE  bart')).toEqual(['bartholomewQuince']);
    expect(await labels(s, 'box=inbox&patient_name=bartl quin')).toEqual(['quinnBartley']);
    expect(await labels(s, 'box=inbox&patient_name=bart zz')).toEqual([]);
    expect(await labels(s, 'box=inbox&patient_name=olivia whit')).toEqual(['oliviaWhitfield']);
    // The sender's side finds its own referral by the same rule.
    expect(await labels(p.gp, 'box=outbox&search=whitf')).toEqual(['oliviaWhitfield']);
  });

  it('finds what visible_patients leaves out: a deleted patient, recalled drafts, shared referrals', async () => {
    const s = p.triageNurse;
    expect(
      (await list(s, 'box=inbox')).results.filter((i) => labelOf(i.id) === 'deletedPatient'),
    ).toHaveLength(1);
    expect(await labels(s, 'box=inbox&search=delia gone')).toEqual(['deletedPatient']);
    expect(await labels(s, 'box=inbox&status=DRFT&search=recall')).toEqual(['recalled', 'recalledWithMrn']);
    expect(await labels(s, 'box=inbox&status=DRFT&patient_name=rita')).toEqual(['recalled']);
    expect(await labels(s, 'box=inbox&list=shared&search=sharon')).toEqual(['shared']);
    expect(await labels(s, 'box=inbox&list=shared&search=quince')).toEqual([]);
    // visible_patients indeed holds none of those for the clinic.
    const seen = await t.database.db
      .select({ id: visiblePatients.patient_id })
      .from(visiblePatients)
      .where(eq(visiblePatients.establishment_id, p.clinic.id));
    const patientOf = async (label: string) =>
      (await t.database.db.select().from(referrals).where(eq(referrals.id, ids[label]!)))[0]?.patient_id;
    for (const label of ['deletedPatient', 'recalled', 'shared']) {
      expect(
        seen.map((row) => row.id),
        label,
      ).not.toContain(await patientOf(label));
    }
  });

  it('matches an MRN at the caller’s establishment, the referral’s own MRN and the id', async () => {
    const s = p.triageNurse;
    expect(await labels(s, 'box=inbox&search=mrn-77')).toEqual(['clinicMrn']);
    expect(await labels(s, 'box=inbox&patient_mrn=MRN-7781')).toEqual(['clinicMrn']);
    expect(await labels(s, 'box=inbox&search=rx-9')).toEqual(['ownMrn']);
    expect(await labels(s, 'box=inbox&patient_mrn=rx')).toEqual(['ownMrn']);
    // Another establishment's MRNs are not searched: the outsider holds none.
    expect(await labels(p.outsider, 'box=outbox&search=mrn-77')).toEqual([]);
    const id = ids.ownMrn!;
    expect(await labels(s, `box=inbox&search=${id.slice(0, 9).toUpperCase()}`)).toEqual(['ownMrn']);
    expect(await labels(s, `box=inbox&referral_id=${id.slice(0, 14)}`)).toEqual(['ownMrn']);
    expect(await labels(s, `box=inbox&referral_id=${id}x`)).toEqual([]);
  });

  it('lists by patient_name exactly what the unsearched list holds with those names', async () => {
    const s = p.triageNurse;
    for (const box of ['box=inbox', 'box=inbox&status=DRFT', 'box=inbox&list=shared', 'box=outbox']) {
      const all = (await list(s, box)).results;
      const names = all.flatMap((item) =>
        item.patient ? [item.patient.first_name, item.patient.last_name] : [],
      );
      const prefixes = new Set(names.flatMap((name) => [1, 2, 3].map((n) => name.slice(0, n).toLowerCase())));
      for (const prefix of prefixes) {
        const expected = all
          .filter((item) =>
            [item.patient?.first_name, item.patient?.last_name].some((name) =>
              name?.toLowerCase().startsWith(prefix),
            ),
          )
          .map((item) => labelOf(item.id))
          .sort();
        expect(
          await labels(s, `${box}&patient_name=${encodeURIComponent(prefix)}`),
          `${box} ${prefix}`,
        ).toEqual(expected);
      }
    }
  });

  it('finds the reports of a referral recalled since, on both sides', async () => {
    const owned = await createPatient(t.database.db, {
      establishment_id: p.practice.id,
      first_name: 'Rhea',
      last_name: 'Reportrecall',
    });
    const referral = await createReferral(t.database.db, {
      status: 'ACPT',
      patient_id: owned.id,
      referrer_id: p.gp.user.id,
      from_establishment_id: p.practice.id,
      to_establishment_id: p.clinic.id,
      assignee_id: p.specialist.user.id,
    });
    const report = await submittedReport(p.specialist, referral.id);
    await t.database.db.update(referrals).set({ status: 'DRFT' }).where(eq(referrals.id, referral.id));
    const found = async (who: Person, query: string) =>
      (await who.api('GET', `/api/reports/?${query}`))
        .json<{ results: ReportListItem[] }>()
        .results.map((r) => r.id);
    expect(await found(p.specialist, 'box=outbox&search=reportrec')).toEqual([report.id]);
    expect(await found(p.specialist, 'box=outbox&patient_name=rhea rep')).toEqual([report.id]);
    expect(await found(p.gp, 'box=inbox&search=RHEA')).toEqual([report.id]);
    expect(await found(p.gp, 'box=inbox&search=rhea zz')).toEqual([]);
  });
});
