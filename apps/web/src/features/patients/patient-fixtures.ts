import type { Provider } from '@referrals/domain/directory/doctor-schemas';
import type { Carer, Mrn, Patient, PatientSummary } from '@referrals/domain/patients/patient-schemas';

/** Test data: a saved patient of Harbourside as GET patients/{id}/ answers it; `overrides` set what a test needs. */
export function patientFixture(overrides: Partial<Patient> = {}): Patient {
  return {
    id: 'p1',
    establishment: { id: 'harbourside', name: 'Harbourside Family Medical Practice' },
    doctor: null,
    status: 'complete',
    is_imported: false,
    title: 'MRS',
    first_name: 'Margaret',
    last_name: 'Nguyen',
    dob: '1948-03-07',
    sex_at_birth: 'F',
    sex: 'F',
    sex_nb_text: null,
    custom_gender: null,
    pub_insurance_type: 'MDCR',
    pub_insurance_details: '2296818481',
    medicare_ref_num: '1',
    medicare_expiry_date: '06/2028',
    hospital_num: null,
    atsi: false,
    ndis: false,
    pp_refugee: false,
    pp_out_home_care: false,
    pp_culturally_diverse: false,
    pp_other: false,
    aboriginal_status: null,
    is_aboriginal_status_enabled: false,
    email: 'margaret@example.test',
    phone: '0412345678',
    pref_contact_method: 'SMS',
    address1: '12 Beach Rd',
    address2: null,
    city: 'Manly',
    state: 'NSW',
    postcode: '2095',
    is_residential_and_postal_address: true,
    postal_address1: null,
    postal_address2: null,
    postal_city: null,
    postal_state: null,
    postal_postcode: null,
    health_fund_name: null,
    health_fund_num: null,
    country_of_birth: 'Australia',
    mrn: null,
    mrns: [],
    ihi: null,
    is_advice_and_guidance: false,
    concession_cards: [],
    health_funds: [],
    carers: [],
    external_ids: [],
    created_at: '2026-11-01T09:00:00+11:00',
    updated_at: '2026-11-01T09:00:00+11:00',
    version: 1,
    ...overrides,
  };
}

/** Test data: a carer of the patient. */
export function carerFixture(overrides: Partial<Carer> = {}): Carer {
  return {
    id: '0b8f7a52-3c1d-4e6f-9a7b-2d4c6e8f0a1c',
    carer_type: 1,
    title: null,
    first_name: 'Linh',
    last_name: 'Nguyen',
    relation: 'Daughter',
    emergency_contact: true,
    next_of_kin: true,
    email: null,
    phone: '0498765432',
    dob: null,
    address_same_as_patient: true,
    address1: '12 Beach Rd',
    address2: null,
    city: 'Manly',
    state: 'NSW',
    postcode: '2095',
    pub_insurance_details: null,
    medicare_ref_num: null,
    medicare_expiry_date: null,
    version: 1,
    ...overrides,
  };
}

/** Test data: a patient as a row of GET patients/. */
export function patientSummaryFixture(overrides: Partial<PatientSummary> = {}): PatientSummary {
  const { id, establishment, status, is_imported, title, first_name, last_name, dob, sex } = patientFixture();
  return {
    id,
    establishment,
    status,
    is_imported,
    title,
    first_name,
    last_name,
    dob,
    sex,
    pub_insurance_type: 'MDCR',
    pub_insurance_details: '2296818481',
    medicare_ref_num: '1',
    mrn: null,
    phone: null,
    email: null,
    version: 1,
    ...overrides,
  };
}

/** Test data: an MRN entry at Harbourside. */
export function mrnFixture(overrides: Partial<Mrn> = {}): Mrn {
  return {
    id: 'm1',
    number: 'HFM-001',
    establishment: { id: 'harbourside', name: 'Harbourside Family Medical Practice' },
    receiving_establishment: null,
    added_by: { id: 'u1', first_name: 'Sarah', last_name: 'Mitchell' },
    added_at: '2026-11-02T10:00:00+11:00',
    ...overrides,
  };
}

/** Test data: a provider as GET providers/ lists them, to be chosen as a patient's doctor. */
export function providerFixture(overrides: Partial<Provider> = {}): Provider {
  return {
    id: '5b7e2c41-9d3a-4f6e-8a1b-2c3d4e5f6a7b',
    title: { value: 'PROF', display: 'Prof' },
    first_name: 'Helen',
    last_name: 'Okafor',
    role: { value: 'SP', display: 'Specialist' },
    specialties: [],
    establishments: [{ id: 'e-hill', name: 'Hill Street Clinic' }],
    ...overrides,
  };
}
