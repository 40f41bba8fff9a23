import { describe, expect, it } from 'vitest';
import {
  HEALTH_ORGANISATION_EMAIL_MESSAGE,
  LinkSecondaryAccountSchema,
  healthOrganisationOf,
} from './health-organisations.ts';

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

describe('LinkSecondaryAccountSchema (section 5: account-linking email must match health-organisation address patterns)', () => {
  it('takes a health-organisation address, lower-cased', () => {
    expect(LinkSecondaryAccountSchema.parse({ email: 'Aisha.Rahman@SESLHD.Health.NSW.gov.au' })).toEqual({
      email: 'aisha.rahman@seslhd.health.nsw.gov.au',
    });
  });

  it('refuses another address with the account-linking message on email', () => {
    const result = LinkSecondaryAccountSchema.safeParse({ email: 'dr.mitchell@hospital.example' });
    expect(result.error?.issues).toMatchObject([
      { path: ['email'], message: HEALTH_ORGANISATION_EMAIL_MESSAGE },
    ]);
  });

  it('asks for a valid address first', () => {
    const result = LinkSecondaryAccountSchema.safeParse({ email: 'not-an-address' });
    expect(result.error?.issues).toMatchObject([
      { path: ['email'], message: 'Enter a valid email address.' },
    ]);
  });
});
