import { establishmentTypes } from '@referrals/domain/establishments/establishment-codes';
import type { Establishment } from '@referrals/domain/establishments/establishment-schemas';

/** Test data: an approved clinic the caller cannot edit; `overrides` set what a test needs. */
export function establishmentFixture(
  id: string,
  name: string,
  overrides: Partial<Establishment> = {},
): Establishment {
  return {
    id,
    name,
    type: establishmentTypes.coded('CL'),
    phone1: null,
    phone2: null,
    address1: '1 Example Street',
    address2: null,
    city: 'Sydney',
    state: 'NSW',
    postcode: '2000',
    email: null,
    website: null,
    description: null,
    can_edit: false,
    can_delete: false,
    is_approved: true,
    is_verified: true,
    accepts_join_requests: true,
    accepts_in_app_referrals: true,
    disable_auto_allocation: false,
    allows_shared_inbox_access: false,
    allows_cpl_and_shared_outbox_access: false,
    case_conferences_enabled: false,
    sms_enabled: false,
    digital_ordering: false,
    accepts_advice_and_guidance: false,
    shares_waiting_times: false,
    services: [],
    health_organisation_network: null,
    branding: { logo: null },
    departments: [],
    hospital: null,
    intake_sender_domains: null,
    intake_address: null,
    portal: null,
    ...overrides,
  };
}
