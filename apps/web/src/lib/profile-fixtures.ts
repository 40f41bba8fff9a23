import {
  establishmentTypes,
  type EstablishmentType,
} from '@referrals/domain/establishments/establishment-codes';
import { employmentStatuses, type EmploymentStatus } from '@referrals/domain/people/people-codes';
import {
  EMAIL_NOTIFICATION_FIELDS,
  type Employment,
  type Profile,
} from '@referrals/domain/profile/profile-schemas';

/** Test data: an employment at an establishment of the given type, typed by the domain schema. */
export function employmentFixture(
  id: string,
  priority: 1 | 2 | 3,
  type: EstablishmentType,
  status: EmploymentStatus = 'APPROVED',
): Employment {
  return {
    id: `employment-${id}`,
    establishment: { id, name: `Establishment ${id}`, type: establishmentTypes.coded(type), state: 'NSW' },
    priority,
    status: employmentStatuses.coded(status),
    signature: null,
    is_verified_employee: status === 'APPROVED',
    is_head_of_department: false,
    has_special_access: false,
    has_shared_inbox_access: false,
    has_shared_outbox_access: false,
    can_send_referral: true,
    is_account_holder: false,
    head_of_department_requested: false,
    special_access_requested: false,
    user_tag: null,
    user_tag_other: null,
    actioned_by: null,
  };
}

/** Test data: a newly signed-up provider who has not registered yet; `overrides` set what a test needs. */
export function profileFixture(overrides: Partial<Profile> = {}): Profile {
  const notifications = Object.fromEntries(EMAIL_NOTIFICATION_FIELDS.map((field) => [field, true])) as Record<
    (typeof EMAIL_NOTIFICATION_FIELDS)[number],
    boolean
  >;
  return {
    email: 'new@example.test',
    email_verified: false,
    title: 'DR',
    first_name: 'Ada',
    middle_name: null,
    last_name: 'Lovelace',
    dob: null,
    phone: null,
    ahpra_num: null,
    provider_num_list: [],
    default_provider_num: null,
    default_provider_num_type: null,
    qualification: null,
    linkedin: null,
    website: null,
    role: null,
    sub_role: null,
    profession: null,
    professional_association: null,
    member_number: null,
    no_ahpra_and_professional_association: false,
    specialties: [],
    employments: [],
    connections: [],
    permissions: [],
    is_platform_admin: false,
    registration_completed: false,
    mfa_status: false,
    pending_mfa: false,
    session_expiry: null,
    current_establishment: null,
    user_type: 'provider',
    version: 1,
    signature_image: null,
    ...notifications,
    ...overrides,
  };
}
