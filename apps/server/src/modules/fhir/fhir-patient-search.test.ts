import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, Patient } from '@medplum/fhirtypes';
import { MEDICARE_SYSTEM } from '@referrals/domain/clinical-record/fhir-record';
import { createPatient } from '../../db/factories/factories.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import { as, expectValid, failure, fhirTestServer } from './fhir-test-server.ts';

describe('finding a patient through the FHIR API, to name in a new ServiceRequest', () => {
  let t: Awaited<ReturnType<typeof fhirTestServer>>;
  let p: ReferralParties;
  const search = (searchParams: Record<string, string | number>, who = p.gp) =>
    as<Bundle<Patient>>(t.clientOf(who).search({ resourceType: 'Patient', searchParams }));
  const ids = (bundle: Bundle<Patient>) => (bundle.entry ?? []).map((e) => e.resource?.id).sort();

  beforeAll(async () => {
    t = await fhirTestServer();
    p = await referralParties(t.app, t.database.db);
    for (const first_name of ['Amelia', 'Archie', 'Aria']) {
      await createPatient(t.database.db, {
        establishment_id: p.practice.id,
        first_name,
        last_name: 'Pemberton',
        dob: '1961-04-09',
        pub_insurance_type: 'MDCR',
        pub_insurance_details: first_name === 'Aria' ? '2953701951' : '4000000000',
        medicare_ref_num: '2',
      });
    }
  });
  afterAll(() => t.app.close());

  it('finds the practice’s patients by family name and date of birth, a page at a time', async () => {
    const first = await search({ family: 'pemb', birthdate: '1961-04-09', _count: 2 });
    expectValid(first);
    expect(first.entry).toHaveLength(2);
    const patient = first.entry?.[0]?.resource;
    expect(patient).toMatchObject({ name: [{ family: 'Pemberton' }], birthDate: '1961-04-09' });
    // A list row, not the whole record: marked as given in part.
    expect(patient?.meta?.tag?.[0]?.code).toBe('SUBSETTED');
    const next = first.link?.find((l) => l.relation === 'next')?.url ?? '';
    expect(next).toContain('_page=2');
    const second = await as<Bundle<Patient>>(
      t.clientOf(p.gp).nextPage({ bundle: { ...first, link: first.link ?? [] } }) ??
        Promise.reject(new Error('no next page')),
    );
    expect(second.entry).toHaveLength(1);
    expect(second.link?.some((l) => l.relation === 'next')).toBe(false);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(3);
  });

  it('finds a patient by Medicare number, with or without its reference number', async () => {
    for (const value of ['29537019512', '2953701951']) {
      const found = await search({ identifier: `${MEDICARE_SYSTEM}|${value}` });
      expect(found.entry?.map((e) => e.resource?.name?.[0]?.given)).toEqual([['Aria']]);
      expect(found.entry?.[0]?.resource?.identifier).toContainEqual(
        expect.objectContaining({ system: MEDICARE_SYSTEM, value: '29537019512' }),
      );
    }
  });

  it('finds nothing of another establishment, and refuses what it cannot search by', async () => {
    expect((await search({ family: 'Pemberton' }, p.outsider)).entry).toEqual([]);
    const ihi = await failure(
      search({ identifier: 'http://ns.electronichealth.net.au/id/hi/ihi/1.0|8003608166690503' }),
    );
    expect(ihi.status).toBe(400);
    expectValid(ihi.outcome);
    expect(ihi.outcome.issue[0]?.expression).toEqual(['identifier']);
    const date = await failure(search({ birthdate: 'ge1960' }));
    expect(date.outcome.issue[0]?.diagnostics).toBe('Give the date of birth as YYYY-MM-DD.');
  });
});
