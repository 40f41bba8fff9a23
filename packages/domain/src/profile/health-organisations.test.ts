import { describe, expect, it } from 'vitest';
import { healthOrganisationOf } from './health-organisations.ts';

describe('healthOrganisationOf (account linking, spec sections 2 and 5)', () => {
  it.each([
    ['aisha.rahman@health.nsw.gov.au', 'NSW_HEALTH'],
    ['Aisha.Rahman@SESLHD.Health.NSW.gov.au', 'NSW_HEALTH'],
    ['j.chen@health.qld.gov.au', 'QLD_HEALTH'],
    ['k.obrien@sa.gov.au', 'SA_HEALTH'],
    ['t.nguyen@ths.tas.gov.au', 'TAS_HEALTH'],
    ['e.watson@health.wa.gov.au', 'WA_HEALTH'],
    ['nurse@act.gov.au', 'ACT_HEALTH'],
    ['doctor@nt.gov.au', 'NT_HEALTH'],
  ])('matches %s to %s', (email, organisation) => {
    expect(healthOrganisationOf(email)).toBe(organisation);
  });

  it.each([
    'gp@demo.test',
    'someone@gmail.com',
    // A look-alike domain that only ends with the same letters is not the organisation.
    'x@fakehealth.nsw.gov.au',
    'x@health.nsw.gov.au.example.com',
    'x@nsa.gov.au',
    'not-an-address',
    '',
  ])('does not match %s', (email) => {
    expect(healthOrganisationOf(email)).toBeNull();
  });

  it('answers null for no address', () => {
    expect(healthOrganisationOf(null)).toBeNull();
    expect(healthOrganisationOf(undefined)).toBeNull();
  });
});
