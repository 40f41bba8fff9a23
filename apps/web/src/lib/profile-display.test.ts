import { roles } from '@referrals/domain/people/people-codes';
import type { Employment } from '@referrals/domain/profile/profile-schemas';
import { describe, expect, it } from 'vitest';
import {
  currentEmployment,
  profileDisplayName,
  profileInitials,
  profileLayoutTheme,
} from './profile-display';
import { employmentFixture } from './profile-fixtures';

const employment = employmentFixture;

describe('profileDisplayName', () => {
  it('shows the title display, first and last name', () => {
    expect(profileDisplayName({ title: 'DR', first_name: 'Sarah', last_name: 'Mitchell' })).toBe(
      'Dr Sarah Mitchell',
    );
    expect(profileDisplayName({ title: 'APROF', first_name: 'James', last_name: 'Chen' })).toBe(
      'A/Prof James Chen',
    );
    expect(profileInitials({ first_name: 'sarah', last_name: 'Mitchell' })).toBe('SM');
  });
});

describe('currentEmployment', () => {
  const practice = employment('practice', 1, 'PR');
  const hospital = employment('hospital', 2, 'HL');
  const role = roles.coded('GP');

  it("is the profile's current establishment when it is still active", () => {
    expect(
      currentEmployment({ role, employments: [practice, hospital], current_establishment: 'hospital' }),
    ).toBe(hospital);
  });

  it('falls back to the primary, then the secondary employment', () => {
    expect(currentEmployment({ role, employments: [practice, hospital], current_establishment: null })).toBe(
      practice,
    );
    const finished = employment('practice', 1, 'PR', 'FINISHED');
    expect(
      currentEmployment({ role, employments: [finished, hospital], current_establishment: 'practice' }),
    ).toBe(hospital);
    expect(currentEmployment({ role, employments: [], current_establishment: null })).toBeUndefined();
  });

  it('skips establishments the role may not act for yet', () => {
    const unverified = employment('clinic', 1, 'CL', 'UNVERIFIED');
    const personal = employment('personal', 3, 'PA');
    const at = (code: 'GP' | 'SP') => ({
      role: roles.coded(code),
      employments: [unverified, personal],
      current_establishment: 'clinic',
    });
    // A GP works at an unverified practice; a specialist waits for approval (section 4 Employment).
    expect(currentEmployment(at('GP'))).toBe(unverified);
    expect(currentEmployment(at('SP'))).toBe(personal);
  });
});

describe('profileLayoutTheme', () => {
  const at = (role: 'GP' | 'SP' | 'PM', ...employments: Employment[]) => ({
    role: roles.coded(role),
    employments,
    current_establishment: null,
  });

  it('is green before sign-in and for general practice', () => {
    expect(profileLayoutTheme(undefined)).toBe('green');
    expect(profileLayoutTheme(at('GP', employment('p', 1, 'PR')))).toBe('green');
  });

  it('is blue for specialists, and for practice managers at a hospital or clinic', () => {
    expect(profileLayoutTheme(at('SP', employment('c', 1, 'CL')))).toBe('blue');
    expect(profileLayoutTheme(at('PM', employment('h', 1, 'HL')))).toBe('blue');
    expect(profileLayoutTheme(at('PM', employment('p', 1, 'PR')))).toBe('green');
  });
});
