import { establishmentTypes } from '@referrals/domain/establishments/establishment-codes';
import { employmentStatuses, roles } from '@referrals/domain/people/people-codes';
import type { Employment } from '@referrals/domain/profile/profile-schemas';
import { describe, expect, it } from 'vitest';
import {
  currentEmployment,
  profileDisplayName,
  profileInitials,
  profileLayoutTheme,
} from './profile-display';

function employment(
  id: string,
  priority: 1 | 2 | 3,
  type: 'CL' | 'HL' | 'PR' | 'DT' | 'PA',
  status: 'APPROVED' | 'FINISHED' = 'APPROVED',
): Employment {
  return {
    id: `employment-${id}`,
    establishment: { id, name: `Establishment ${id}`, type: establishmentTypes.coded(type), state: 'NSW' },
    priority,
    status: employmentStatuses.coded(status),
    signature: null,
    is_verified_employee: true,
    is_head_of_department: false,
    has_special_access: false,
    has_shared_inbox_access: false,
    has_shared_outbox_access: false,
    can_send_referral: true,
    is_account_holder: false,
    user_tag: null,
    user_tag_other: null,
  };
}

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

  it("is the profile's current establishment when it is still active", () => {
    expect(currentEmployment({ employments: [practice, hospital], current_establishment: 'hospital' })).toBe(
      hospital,
    );
  });

  it('falls back to the primary, then the secondary employment', () => {
    expect(currentEmployment({ employments: [practice, hospital], current_establishment: null })).toBe(
      practice,
    );
    const finished = employment('practice', 1, 'PR', 'FINISHED');
    expect(currentEmployment({ employments: [finished, hospital], current_establishment: 'practice' })).toBe(
      hospital,
    );
    expect(currentEmployment({ employments: [], current_establishment: null })).toBeUndefined();
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
