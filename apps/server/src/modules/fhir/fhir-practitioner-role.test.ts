import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, CapabilityStatement, PractitionerRole } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import {
  createEmployment,
  createEstablishment,
  type Employment,
  type Establishment,
} from '../../db/factories/factories.ts';
import { employments, specialties } from '../../db/schema/people.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import { ROLE_SYSTEM } from './fhir-practitioner-role.ts';
import { as, expectValid, failure, fhirTestServer } from './fhir-test-server.ts';
import { backendServiceClient } from './fhir-test-services.ts';

describe('PractitionerRole: where a doctor works, as the Providers list shows it', () => {
  let t: Awaited<ReturnType<typeof fhirTestServer>>;
  let p: ReferralParties;
  let department: Establishment;
  let atClinic: Employment;
  let atDepartment: Employment;
  let asked: Employment;
  let clinicHolder: Person;
  const search = (searchParams: Record<string, string | number>, who: Person = p.gp) =>
    as<Bundle<PractitionerRole>>(t.clientOf(who).search({ resourceType: 'PractitionerRole', searchParams }));
  const ids = (bundle: Bundle<PractitionerRole>) => (bundle.entry ?? []).map((e) => e.resource?.id);

  beforeAll(async () => {
    t = await fhirTestServer();
    const db = t.database.db;
    p = await referralParties(t.app, db);
    const hospital = await createEstablishment(db, { name: 'Royal Eastern Hospital', type: 'HL' });
    department = await createEstablishment(db, {
      name: 'Cardiology',
      type: 'DT',
      hospital_id: hospital.id,
    });
    const [found] = await db
      .select()
      .from(employments)
      .where(
        and(eq(employments.user_id, p.specialist.user.id), eq(employments.establishment_id, p.clinic.id)),
      );
    atClinic = found as Employment;
    atDepartment = await createEmployment(db, {
      user_id: p.specialist.user.id,
      establishment_id: department.id,
      priority: 2,
    });
    // Asked for, not yet approved: the Providers list does not show it, nor does the FHIR API.
    asked = await createEmployment(db, {
      user_id: p.specialist.user.id,
      establishment_id: p.outsiderPractice.id,
      priority: 3,
      status: 'REQUESTED',
    });
    await db
      .insert(specialties)
      .values({ user_id: p.specialist.user.id, priority: 1, practice: 'CARDIOLOGY' });
    clinicHolder = await signedInPerson(t.app, db, {
      at: p.clinic.id,
      employment: { is_account_holder: true },
      user: { role: 'PM' },
    });
  });
  afterAll(() => t.app.close());

  it('reads a doctor’s employment with who, where, their role and specialty', async () => {
    const role = await as<PractitionerRole>(
      t.clientOf(p.gp).read({ resourceType: 'PractitionerRole', id: atDepartment.id }),
    );
    expectValid(role);
    expect(role).toEqual({
      resourceType: 'PractitionerRole',
      id: atDepartment.id,
      active: true,
      practitioner: { reference: `Practitioner/${p.specialist.user.id}`, display: 'Dr Samuel Hart' },
      organization: {
        reference: `Organization/${department.id}`,
        display: 'Cardiology, Royal Eastern Hospital',
      },
      code: [
        {
          coding: [{ system: ROLE_SYSTEM, code: 'SP', display: 'Specialist' }],
          text: 'Specialist',
        },
      ],
      specialty: [
        {
          coding: [{ system: 'urn:referrals:fhir:specialty', code: 'CARDIOLOGY', display: 'Cardiology' }],
          text: 'Cardiology',
        },
      ],
    });
  });

  it('finds a practitioner’s listed places of work, and an organisation’s doctors a page at a time', async () => {
    const his = await search({ practitioner: `Practitioner/${p.specialist.user.id}` });
    expectValid(his);
    expect(ids(his)).toEqual([atClinic.id, atDepartment.id]);
    expect(his.link?.some((l) => l.relation === 'next')).toBe(false);

    // The clinic's specialists, not its practice manager (no provider role, not in the Providers list).
    const first = await search({ organization: `Organization/${p.clinic.id}`, _count: 1 });
    expectValid(first);
    expect(first.entry).toHaveLength(1);
    expect(first.link?.find((l) => l.relation === 'next')?.url).toContain('_page=2');
    const second = await as<Bundle<PractitionerRole>>(
      t.clientOf(p.gp).nextPage({ bundle: { ...first, link: first.link ?? [] } }) ??
        Promise.reject(new Error('no next page')),
    );
    expectValid(second);
    expect(second.entry).toHaveLength(1);
    expect(second.link?.some((l) => l.relation === 'next')).toBe(false);
    const people = [...(first.entry ?? []), ...(second.entry ?? [])].map(
      (e) => e.resource?.practitioner?.reference,
    );
    expect(people.sort()).toEqual(
      [`Practitioner/${p.specialist.user.id}`, `Practitioner/${p.clinicColleague.user.id}`].sort(),
    );
    for (const entry of [...(first.entry ?? []), ...(second.entry ?? [])]) {
      expect(entry.resource?.organization?.reference).toBe(`Organization/${p.clinic.id}`);
    }
    // Both at once: the one employment.
    const both = await search({ practitioner: p.specialist.user.id, organization: department.id });
    expect(ids(both)).toEqual([atDepartment.id]);
  });

  it('answers an employment the Providers list does not show as missing', async () => {
    const gp = t.clientOf(p.gp);
    const hidden = await failure(gp.read({ resourceType: 'PractitionerRole', id: asked.id }));
    expect(hidden.status).toBe(404);
    expectValid(hidden.outcome);
    const [nurse] = await t.database.db
      .select()
      .from(employments)
      .where(eq(employments.user_id, p.triageNurse.user.id));
    expect((await failure(gp.read({ resourceType: 'PractitionerRole', id: nurse?.id ?? '' }))).status).toBe(
      404,
    );
    expect((await failure(gp.read({ resourceType: 'PractitionerRole', id: 'not-an-id' }))).status).toBe(404);
    const outside = await search({ organization: `Organization/${p.outsiderPractice.id}` });
    expect((outside.entry ?? []).map((e) => e.resource?.practitioner?.reference)).toEqual([
      `Practitioner/${p.outsider.user.id}`,
    ]);
  });

  it('refuses a search parameter it does not know or a reference it cannot read', async () => {
    const unknown = await failure(search({ role: 'SP' }));
    expect(unknown.status).toBe(400);
    expectValid(unknown.outcome);
    expect(unknown.outcome.issue[0]).toMatchObject({ code: 'invalid', expression: ['role'] });
    const notAnId = await failure(search({ organization: 'Organization/northside' }));
    expect(notAnId.status).toBe(400);
    expect(notAnId.outcome.issue[0]?.expression).toEqual(['organization']);
    expect((await failure(search({ _count: 0 }))).status).toBe(400);
  });

  it('holds a backend service to its scopes: PractitionerRole needs its own', async () => {
    const withoutRoles = await backendServiceClient(t.base, clinicHolder, p.clinic.id, [
      'system/Practitioner.rs',
    ]);
    const read = await failure(withoutRoles.read({ resourceType: 'PractitionerRole', id: atClinic.id }));
    expect(read.status).toBe(403);
    expectValid(read.outcome);
    expect(read.outcome.issue[0]?.diagnostics).toContain('system/PractitionerRole.r');
    const searched = await failure(withoutRoles.search({ resourceType: 'PractitionerRole' }));
    expect(searched.status).toBe(403);
    expect(searched.outcome.issue[0]?.diagnostics).toContain('system/PractitionerRole.s');

    const withRoles = await backendServiceClient(t.base, clinicHolder, p.clinic.id, [
      'system/PractitionerRole.rs',
    ]);
    const role = await as<PractitionerRole>(
      withRoles.read({ resourceType: 'PractitionerRole', id: atClinic.id }),
    );
    expectValid(role);
    expect(role.organization?.reference).toBe(`Organization/${p.clinic.id}`);
    const found = await as<Bundle<PractitionerRole>>(
      withRoles.search({
        resourceType: 'PractitionerRole',
        searchParams: { practitioner: `Practitioner/${p.specialist.user.id}` },
      }),
    );
    expect(ids(found)).toEqual([atClinic.id, atDepartment.id]);
  });

  it('is in the CapabilityStatement with its search parameters', async () => {
    const statement = await as<CapabilityStatement>(t.clientOf().capabilityStatement());
    expectValid(statement);
    const resource = statement.rest?.[0]?.resource?.find((r) => r.type === 'PractitionerRole');
    expect(resource?.interaction?.map((i) => i.code)).toEqual(['read', 'search-type']);
    expect(resource?.searchParam?.map((s) => s.name)).toEqual(['practitioner', 'organization', '_count']);
  });
});
