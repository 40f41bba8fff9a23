import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createEstablishment, createReferral, createUser } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { carers, patients } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/people.ts';
import { writeAsRead } from '../../../test/write-as-read.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';

type Body = Record<string, unknown>;
const REQUIRED = ['This field is required.'];

describe('patients API', () => {
  let t: TestApp;
  let estA: string;
  let estB: string;
  let gpA: Person;
  let gpB: Person;
  let nobody: Person;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    estA = (await createEstablishment(db, { name: 'Harbour Practice' })).id;
    estB = (await createEstablishment(db, { name: 'Hill Clinic' })).id;
    gpA = await signedInPerson(t.app, db, { at: estA });
    gpB = await signedInPerson(t.app, db, { at: estB });
    nobody = await signedInPerson(t.app, db, { user: { role: null, user_type: 'patient' } });
  });
  afterAll(() => t.app.close());

  const create = (body: Body, who: Person = gpA) => who.api('POST', '/api/patients/', body);
  const base = { first_name: 'Olivia', last_name: 'Whitfield', dob: '1971-05-04' };

  async function auditRows(patientId: string) {
    return t.database.db.select().from(auditLog).where(eq(auditLog.patient_id, patientId));
  }

  describe('save rules on create and update (section 5 Patient save)', () => {
    it('creates with the defaults, blanks as null, DR for an empty title, owned by the caller’s establishment', async () => {
      const res = await create({
        ...base,
        title: '',
        email: '',
        phone: '',
        establishment: estB,
        created_by: gpB.user.id,
      });
      expect(res.statusCode).toBe(201);
      const p = res.json();
      expect(p).toMatchObject({
        title: 'DR',
        email: null,
        phone: null,
        state: 'NSW',
        pref_contact_method: 'SMS',
        pub_insurance_type: 'MDCR',
        status: 'complete',
        establishment: { id: estA, name: 'Harbour Practice' },
        carers: [],
        concession_cards: [],
        health_funds: [],
        mrn: null,
        mrns: [],
      });
      const [row] = await t.database.db.select().from(patients).where(eq(patients.id, p.id));
      expect(row?.created_by_id).toBe(gpA.user.id);
      expect((await auditRows(p.id)).map((r) => r.action)).toEqual(['patient.create']);
    });

    it('requires first name, last name and dob', async () => {
      const res = await create({ first_name: '', last_name: ' ' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ first_name: REQUIRED, last_name: REQUIRED, dob: REQUIRED });
    });

    it('keeps sex_nb_text only for N and custom_gender only for O', async () => {
      const n = (await create({ ...base, sex: 'N', sex_nb_text: 'they', custom_gender: 'x' })).json();
      expect([n.sex, n.sex_nb_text, n.custom_gender]).toEqual(['N', 'they', null]);
      const o = (
        await create({ ...base, sex: { value: 'O', display: 'Other' }, sex_nb_text: 'a', custom_gender: 'b' })
      ).json();
      expect([o.sex, o.sex_nb_text, o.custom_gender]).toEqual(['O', null, 'b']);
      const f = (await writeAsRead(gpA.api, 'PATCH', `/api/patients/${o.id}/`, { sex: 'F' })).json();
      expect([f.sex_nb_text, f.custom_gender]).toEqual([null, null]);
    });

    it('saves OTHR insurance as MDCR with no Medicare reference, without checking it as a Medicare number', async () => {
      const res = await create({
        ...base,
        pub_insurance_type: 'OTHR',
        pub_insurance_details: 'NIB-778812',
        medicare_ref_num: '3',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        pub_insurance_type: 'MDCR',
        pub_insurance_details: 'NIB-778812',
        medicare_ref_num: null,
      });
    });

    it('checks the Medicare card number, its reference number and the IHI', async () => {
      const good = await create({
        ...base,
        pub_insurance_details: '2296 81848 1',
        medicare_ref_num: '2',
        ihi: '8003 6083 3342 8779',
      });
      expect(good.statusCode).toBe(201);
      expect(good.json()).toMatchObject({ pub_insurance_details: '2296818481', ihi: '8003608333428779' });
      const bad = await create({
        ...base,
        pub_insurance_details: '2273766560',
        medicare_ref_num: '0',
        ihi: '8003608333428778',
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json()).sort()).toEqual(['ihi', 'medicare_ref_num', 'pub_insurance_details']);
      for (const number of ['7296818481', '2296818480', '229681848']) {
        const res = await create({ ...base, pub_insurance_details: number });
        expect(res.statusCode, number).toBe(400);
        expect(Object.keys(res.json())).toEqual(['pub_insurance_details']);
      }
    });

    it('resets population flags and empties lists whose section is off; keeps carers when the carer section is off', async () => {
      const created = (
        await create({
          ...base,
          atsi: true,
          ndis: true,
          pp_refugee: true,
          concession_cards: [{ type: 'HCC', concession_number: '123' }],
          health_funds: [{ health_fund_name: 'HCF', health_fund_num: '99' }],
          carers: [{ carer_type: 1, first_name: 'Mia', last_name: 'Whitfield' }],
        })
      ).json();
      expect(created).toMatchObject({ atsi: true, ndis: true, pp_refugee: true });
      expect(created.concession_cards).toHaveLength(1);
      const res = await writeAsRead(gpA.api, 'PATCH', `/api/patients/${created.id}/`, {
        atsi: true,
        population_enabled: false,
        concession_enabled: false,
        health_fund_enabled: false,
        carer_enabled: false,
        carers: [],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        atsi: false,
        ndis: false,
        pp_refugee: false,
        concession_cards: [],
        health_funds: [],
        carers: [{ first_name: 'Mia' }],
      });
    });

    it('keeps the first health fund as the record’s own, whatever client sends the list', async () => {
      const created = (
        await create({
          ...base,
          health_funds: [
            { type: 'HOSPITAL', health_fund_name: 'HCF', health_fund_num: '99' },
            { type: 'EXTRAS', health_fund_name: 'Bupa', health_fund_num: '12' },
          ],
        })
      ).json();
      expect(created).toMatchObject({ health_fund_name: 'HCF', health_fund_num: '99' });
      const res = await writeAsRead(gpA.api, 'PATCH', `/api/patients/${created.id}/`, {
        health_funds: [{ type: 'EXTRAS', health_fund_name: 'Bupa', health_fund_num: '12' }],
      });
      expect(res.json()).toMatchObject({ health_fund_name: 'Bupa', health_fund_num: '12' });
    });

    it('saves a primary carer always and drops (or deletes) a non-primary carer left empty', async () => {
      const created = await create({
        ...base,
        address1: '4 Bay Road',
        city: 'Manly',
        postcode: '2095',
        carers: [
          { carer_type: 1, first_name: 'Jack', last_name: 'Whitfield', address_same_as_patient: true },
          { carer_type: 2, state: 'VIC', first_name: '' },
          { carer_type: 3, first_name: 'Ruth', last_name: 'Hale', relation: 'Aunt' },
        ],
      });
      expect(created.statusCode).toBe(201);
      const p = created.json();
      expect(p.carers.map((c: Body) => c.first_name)).toEqual(['Jack', 'Ruth']);
      expect(p.carers[0]).toMatchObject({ address1: '4 Bay Road', city: 'Manly', postcode: '2095' });
      const ruth = p.carers[1];
      const res = await writeAsRead(gpA.api, 'PUT', `/api/patients/${p.id}/`, {
        ...base,
        carers: [
          p.carers[0],
          { id: ruth.id, carer_type: 3, first_name: '', last_name: '', relation: '', state: 'NSW' },
        ],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().carers.map((c: Body) => c.first_name)).toEqual(['Jack']);
      expect(await t.database.db.select().from(carers).where(eq(carers.id, ruth.id))).toEqual([]);
    });

    it('nests carer errors by their place in the body', async () => {
      const res = await create({
        ...base,
        carers: [
          { carer_type: 1, first_name: 'Ann', last_name: 'Lee' },
          { carer_type: 2, first_name: 'Bob', last_name: 'Lee', phone: '12345', email: 'bob@' },
          { carer_type: 3, first_name: 'Cy' },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        carers: [
          {},
          { phone: [expect.any(String)], email: ['Enter a valid email address.'] },
          { last_name: REQUIRED },
        ],
      });
    });

    it('answers 409 to a stale version and changes nothing', async () => {
      const p = (await create(base)).json();
      const first = await writeAsRead(gpA.api, 'PATCH', `/api/patients/${p.id}/`, {
        city: 'Dee Why',
        version: p.version,
      });
      expect(first.statusCode).toBe(200);
      const stale = await writeAsRead(gpA.api, 'PATCH', `/api/patients/${p.id}/`, {
        city: 'Mona Vale',
        version: p.version,
      });
      expect(stale.statusCode).toBe(409);
      expect((await gpA.api('GET', `/api/patients/${p.id}/`)).json().city).toBe('Dee Why');
    });

    it('PUT needs the three required fields; PATCH only what it changes', async () => {
      const p = (await create(base)).json();
      const put = await writeAsRead(gpA.api, 'PUT', `/api/patients/${p.id}/`, { city: 'Avalon' });
      expect(put.statusCode).toBe(400);
      expect(put.json()).toEqual({ first_name: REQUIRED, last_name: REQUIRED, dob: REQUIRED });
      const cleared = await writeAsRead(gpA.api, 'PATCH', `/api/patients/${p.id}/`, { last_name: '' });
      expect(cleared.json()).toEqual({ last_name: REQUIRED });
    });
  });

  describe('impossible dates are a 400 with the field’s message (issue 11)', () => {
    const TOO_EARLY = ['Enter a date of birth from 1 Jan 1900.'];
    const IN_FUTURE = ['The date of birth cannot be in the future.'];

    it('refuses a dob in year 0000 or 9999 on create, update and the carers in the body', async () => {
      expect((await create({ ...base, dob: '0000-01-01' })).json()).toEqual({ dob: TOO_EARLY });
      const future = await create({ ...base, dob: '9999-12-31' });
      expect(future.statusCode).toBe(400);
      expect(future.json()).toEqual({ dob: IN_FUTURE });
      const p = (await create(base)).json();
      for (const method of ['PUT', 'PATCH'] as const) {
        const res = await writeAsRead(gpA.api, method, `/api/patients/${p.id}/`, {
          ...base,
          dob: '0000-01-01',
        });
        expect(res.statusCode, method).toBe(400);
        expect(res.json(), method).toEqual({ dob: TOO_EARLY });
      }
      const carer = { carer_type: 1, first_name: 'Al', last_name: 'Ng', dob: '0000-12-31' };
      const nested = await create({ ...base, carers: [carer] });
      expect(nested.statusCode).toBe(400);
      expect(nested.json()).toEqual({ carers: [{ dob: TOO_EARLY }] });
      const [row] = await t.database.db.select().from(patients).where(eq(patients.id, p.id));
      expect(row?.dob).toBe(base.dob);
    });

    it('refuses a carer dob in year 0000 on the carer calls', async () => {
      const p = (await create(base)).json();
      const url = `/api/patients/${p.id}/carers/`;
      const carer = { carer_type: 2, first_name: 'Al', last_name: 'Ng' };
      const bad = await gpA.api('POST', url, { ...carer, dob: '0000-06-01' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ dob: TOO_EARLY });
      const added = (await gpA.api('POST', url, carer)).json();
      const res = await gpA.api('PATCH', `${url}${added.id}/`, { dob: '9999-12-31', version: added.version });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ dob: IN_FUTURE });
    });

    it('refuses a Medicare expiry that is not MM/YYYY within 1900 to 2100', async () => {
      const good = await create({ ...base, medicare_expiry_date: '08/2029' });
      expect(good.json().medicare_expiry_date).toBe('08/2029');
      const wrong = await create({ ...base, medicare_expiry_date: '13/2029' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ medicare_expiry_date: ['Enter the expiry as MM/YYYY, e.g. 08/2029.'] });
      const far = await create({ ...base, medicare_expiry_date: '08/0000' });
      expect(far.json()).toEqual({ medicare_expiry_date: ['Enter an expiry from 01/1900 to 12/2100.'] });
    });

    it('answers a search by a dob in year 0000 with 400', async () => {
      const res = await gpA.api('GET', '/api/patients/?dob=0000-01-01');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ dob: TOO_EARLY });
    });
  });

  describe('the patient’s doctor', () => {
    const CHOOSE_DOCTOR = { doctor: ['Choose a doctor from the list.'] };

    it('saves a provider as the doctor, answers them with their title, and clears them with null', async () => {
      const doctor = await createUser(t.database.db, {
        role: 'SP',
        title: 'PROF',
        first_name: 'Helen',
        last_name: 'Okafor',
      });
      const created = await create({ ...base, doctor: doctor.id });
      expect(created.statusCode).toBe(201);
      const p = created.json();
      expect(p.doctor).toEqual({
        id: doctor.id,
        title: { value: 'PROF', display: 'Prof' },
        first_name: 'Helen',
        last_name: 'Okafor',
      });
      expect((await gpA.api('GET', `/api/patients/${p.id}/`)).json().doctor).toEqual(p.doctor);
      const cleared = await writeAsRead(gpA.api, 'PATCH', `/api/patients/${p.id}/`, { doctor: null });
      expect([cleared.statusCode, cleared.json().doctor]).toEqual([200, null]);
    });

    it('refuses a patient user, a practice manager or an unknown id as a newly chosen doctor', async () => {
      const manager = await createUser(t.database.db, { role: 'PM' });
      for (const doctor of [nobody.user.id, manager.id, '00000000-0000-4000-8000-000000000000']) {
        const res = await create({ ...base, doctor });
        expect([res.statusCode, res.json()]).toEqual([400, CHOOSE_DOCTOR]);
      }
      const doctor = await createUser(t.database.db, { role: 'GP' });
      const p = (await create({ ...base, doctor: doctor.id })).json();
      const url = `/api/patients/${p.id}/`;
      const patientUser = await writeAsRead(gpA.api, 'PUT', url, { ...base, doctor: nobody.user.id });
      expect([patientUser.statusCode, patientUser.json()]).toEqual([400, CHOOSE_DOCTOR]);
      // The doctor already on the record is not checked again: their role changing must not lock the record.
      await t.database.db.update(users).set({ role: 'PM' }).where(eq(users.id, doctor.id));
      const kept = await writeAsRead(gpA.api, 'PUT', url, {
        ...base,
        phone: '0400111222',
        doctor: doctor.id,
      });
      expect([kept.statusCode, kept.json().doctor?.id]).toEqual([200, doctor.id]);
    });
  });

  describe('one patient', () => {
    it('reads with an audit row; another establishment’s patient is a 404 like a missing one', async () => {
      const p = (await create(base)).json();
      const res = await gpA.api('GET', `/api/patients/${p.id}/`);
      expect(res.statusCode).toBe(200);
      expect((await auditRows(p.id)).map((r) => r.action)).toContain('patient.read');
      const theirs = await gpB.api('GET', `/api/patients/${p.id}/`);
      const missing = await gpB.api('GET', '/api/patients/00000000-0000-4000-8000-000000000000/');
      expect([theirs.statusCode, theirs.json()]).toEqual([404, { detail: 'Not found.' }]);
      expect([missing.statusCode, missing.body]).toEqual([theirs.statusCode, theirs.body]);
      expect((await gpA.api('GET', `/api/patients/${p.id}/?within_establishment=${estB}`)).statusCode).toBe(
        404,
      );
    });

    it('deletes softly: gone for everyone, the row kept for the referrals that name it', async () => {
      const p = (await create(base)).json();
      await createReferral(t.database.db, {
        patient_id: p.id,
        from_establishment_id: estA,
        to_establishment_id: estB,
        status: 'SBMT',
      });
      expect((await gpB.api('DELETE', `/api/patients/${p.id}/`)).statusCode).toBe(403);
      expect((await gpA.api('DELETE', `/api/patients/${p.id}/`)).statusCode).toBe(204);
      expect((await gpA.api('GET', `/api/patients/${p.id}/`)).statusCode).toBe(404);
      expect((await gpA.api('DELETE', `/api/patients/${p.id}/`)).statusCode).toBe(404);
      const [row] = await t.database.db.select().from(patients).where(eq(patients.id, p.id));
      expect(row?.status).toBe('deleted');
      expect((await auditRows(p.id)).map((r) => r.action)).toContain('patient.delete');
    });
  });

  describe('carers', () => {
    it('adds, lists, updates and deletes carers, applying the carer rules', async () => {
      const p = (await create(base)).json();
      const url = `/api/patients/${p.id}/carers/`;
      const bad = await gpA.api('POST', url, { carer_type: 2, first_name: 'Al', phone: 'call me' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ last_name: REQUIRED, phone: [expect.any(String)] });
      const empty = await gpA.api('POST', url, { carer_type: 2, state: 'NSW' });
      expect(empty.statusCode).toBe(400);
      const added = await gpA.api('POST', url, {
        carer_type: 2,
        first_name: 'Al',
        last_name: 'Ng',
        email: 'al@ng.example',
      });
      expect(added.statusCode).toBe(201);
      const carer = added.json();
      expect((await gpA.api('GET', url)).json()).toHaveLength(1);
      const patched = await writeAsRead(gpA.api, 'PATCH', `${url}${carer.id}/`, {
        relation: 'Son',
        version: carer.version,
      });
      expect(patched.json()).toMatchObject({ relation: 'Son', version: carer.version + 1 });
      const stale = await writeAsRead(gpA.api, 'PATCH', `${url}${carer.id}/`, {
        relation: 'Nephew',
        version: carer.version,
      });
      expect(stale.statusCode).toBe(409);
      expect((await gpB.api('GET', url)).statusCode).toBe(404);
      expect((await gpB.api('DELETE', `${url}${carer.id}/`)).statusCode).toBe(404);
      // A carer is read in its patient's list, so the version comes from there.
      const listed = (await gpA.api('GET', url)).json<{ id: string; version: number }[]>();
      const emptied = await gpA.api('PUT', `${url}${carer.id}/`, {
        version: listed.find((c) => c.id === carer.id)?.version,
        carer_type: 2,
        first_name: '',
        last_name: '',
        email: '',
        relation: '',
        phone: '',
      });
      expect(emptied.statusCode).toBe(204);
      expect((await gpA.api('GET', url)).json()).toEqual([]);
    });
  });

  describe('MRN', () => {
    it('answers 404 until there is one, requires the number and keeps it at the caller’s establishment', async () => {
      const p = (await create(base)).json();
      const url = `/api/patients/${p.id}/mrn/`;
      expect((await gpA.api('GET', url)).statusCode).toBe(404);
      const missing = await gpA.api('POST', url, { number: ' ' });
      expect([missing.statusCode, missing.json()]).toEqual([400, { number: REQUIRED }]);
      const added = await gpA.api('POST', url, { number: 'H-1001', establishment: estB });
      expect(added.statusCode).toBe(201);
      const mrn = added.json();
      expect(mrn).toMatchObject({
        number: 'H-1001',
        establishment: { id: estA },
        added_by: { id: gpA.user.id },
      });
      expect((await gpA.api('POST', url, { number: 'H-1002' })).statusCode).toBe(400);
      expect((await gpA.api('GET', url)).json()).toHaveLength(1);
      expect((await gpA.api('GET', `/api/patients/${p.id}/`)).json().mrn).toBe('H-1001');
      const changed = await gpA.api('PUT', `${url}${mrn.id}/`, { number: 'H-2002' });
      expect(changed.json().number).toBe('H-2002');
      expect((await gpA.api('PUT', `${url}${mrn.id}/`, { number: '' })).statusCode).toBe(400);
      // Another patient cannot take the same number here.
      const q = (await create(base)).json();
      const clash = await gpA.api('POST', `/api/patients/${q.id}/mrn/`, { number: 'h-2002' });
      expect(clash.statusCode).toBe(400);
      expect((await gpB.api('PUT', `${url}${mrn.id}/`, { number: 'X' })).statusCode).toBe(404);
      expect((await gpA.api('DELETE', `${url}${mrn.id}/`)).statusCode).toBe(204);
      expect((await gpA.api('GET', url)).statusCode).toBe(404);
      const actions = (await auditRows(p.id)).map((r) => r.action);
      expect(actions).toEqual(
        expect.arrayContaining(['patient.mrn.create', 'patient.mrn.update', 'patient.mrn.delete']),
      );
    });

    it('creates a patient with an MRN in the body', async () => {
      const res = await create({ ...base, mrn: 'H-3003' });
      expect(res.json()).toMatchObject({ mrn: 'H-3003', mrns: [{ number: 'H-3003' }] });
    });
  });
});
