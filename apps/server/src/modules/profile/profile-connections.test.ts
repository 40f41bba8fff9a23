import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployment, createEstablishment } from '../../db/factories/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';

describe('GET profile/: connections and actioned_by (spec sections 3 Profile and 4 Employment)', () => {
  let t: TestApp;
  let gp: Person;
  let practiceName: string;
  let clinicName: string;
  let colleagueIds: { both: string; practiceOnly: string; requested: string; elsewhere: string };
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await buildTestApp();
    const practice = await createEstablishment(db(), { name: 'Harbourside Family Medical Practice' });
    const clinic = await createEstablishment(db(), { name: 'North Shore Heart Clinic', type: 'CL' });
    const elsewhere = await createEstablishment(db(), { name: 'Somewhere Else Medical' });
    const personal = await createEstablishment(db(), { name: 'Dr Personal', type: 'PA' });
    practiceName = practice.name;
    clinicName = clinic.name;
    gp = await signedInPerson(t.app, db(), {
      user: { role: 'GP' },
      at: practice.id,
      employment: { actioned_by: 'ESTABLISHMENT' },
    });
    await createEmployment(db(), {
      user_id: gp.user.id,
      establishment_id: clinic.id,
      priority: 2,
      actioned_by: 'DOCTOR',
    });
    await createEmployment(db(), { user_id: gp.user.id, establishment_id: personal.id, priority: 3 });
    const person = async (last_name: string, places: { id: string; status?: string }[]) => {
      const someone = await signedInPerson(t.app, db(), { user: { role: 'SP', last_name } });
      for (const [index, place] of places.entries()) {
        await createEmployment(db(), {
          user_id: someone.user.id,
          establishment_id: place.id,
          priority: index + 1,
          status: place.status ?? 'APPROVED',
        });
      }
      return someone.user.id;
    };
    colleagueIds = {
      both: await person('Anders', [{ id: practice.id }, { id: clinic.id }]),
      practiceOnly: await person('Brown', [{ id: practice.id }]),
      requested: await person('Carter', [{ id: practice.id, status: 'REQUESTED' }]),
      elsewhere: await person('Davis', [{ id: elsewhere.id }, { id: personal.id }]),
    };
  });
  afterAll(() => t.app.close());

  it('lists the approved colleagues at the user’s establishments, each once with the places they share', async () => {
    const profile = (await gp.api('GET', '/api/profile/')).json();
    expect(
      profile.connections.map((c: { id: string; establishments: { name: string }[] }) => [
        c.id,
        c.establishments.map((place) => place.name),
      ]),
    ).toEqual([
      [colleagueIds.both, [practiceName, clinicName]],
      [colleagueIds.practiceOnly, [practiceName]],
    ]);
    expect(profile.connections[0]).toMatchObject({
      last_name: 'Anders',
      role: { value: 'SP', display: expect.any(String) },
    });
  });

  it('says who actioned each employment', async () => {
    const profile = (await gp.api('GET', '/api/profile/')).json();
    const byPlace = Object.fromEntries(
      profile.employments.map((e: { establishment: { name: string }; actioned_by: unknown }) => [
        e.establishment.name,
        e.actioned_by,
      ]),
    );
    expect(byPlace[practiceName]).toEqual({ value: 'ESTABLISHMENT', display: 'Establishment' });
    expect(byPlace[clinicName]).toEqual({ value: 'DOCTOR', display: 'Doctor' });
    expect(byPlace['Dr Personal']).toBeNull();
  });
});
