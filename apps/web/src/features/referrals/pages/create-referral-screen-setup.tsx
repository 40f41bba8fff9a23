import type { FormTemplate } from '@referrals/domain/referrals/forms/form-template-schemas';
import { establishmentTypes } from '@referrals/domain/establishments/establishment-codes';
import { roles } from '@referrals/domain/people/people-codes';
import { employmentFixture, profileFixture } from '@/lib/profile-fixtures';
import { fakeApi } from '@/test/fake-api';
import { establishmentFixture } from '@/test/establishment-fixture';
import { landing } from '@/test/render-screen';
import type { PatientPickerSlot } from '@/ui/patient-picker-slot';
import { draftFixture } from '../create/draft-fixture';
import { CreateReferralPage } from './create-referral-page';

/**
 * What the referral creation screen tests share: the routes with a stand-in patient picker, the GP signed
 * in at Harbourside, the receivers it may choose and a fake API answering a new draft's calls.
 */

// The patients feature's picker is the app's to hand in; a stand-in that picks one patient will do here.
const picker: PatientPickerSlot = ({ onChange, error }) => (
  <div>
    <button type="button" onClick={() => onChange({ id: 'emily', name: 'Emily Watson' })}>
      Pick Emily
    </button>
    {error !== undefined && <p>{error}</p>}
  </div>
);

export const routes = [
  { path: '/referrals/create/:id?', element: <CreateReferralPage patientPicker={picker} /> },
  { path: '/send/:establishment_slug', element: <CreateReferralPage patientPicker={picker} /> },
  landing('/referrals/:id', 'The referral page'),
];

const gp = profileFixture({
  role: roles.coded('GP'),
  permissions: ['manage_referral', 'add_referral'],
  employments: [employmentFixture('harbourside', 1, 'PR')],
  current_establishment: 'harbourside',
  registration_completed: true,
});

export const template: FormTemplate = {
  id: 't1',
  name: 'cardiology',
  title: 'Cardiology referral',
  tmsv: '1.1',
  position: 0,
  sections: [
    {
      title: 'Investigations',
      fields: [
        { name: 'prior_echo', title: 'Previous echocardiogram?', type: 'radio', options: ['yes', 'no'] },
        {
          name: 'echo_date',
          title: 'Date of the echocardiogram',
          type: 'date',
          visibility: { field: 'prior_echo', operator: 'equals', value: 'yes' },
        },
      ],
    },
  ],
};

export const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

export const heart = establishmentFixture('heart', 'North Shore Heart Clinic', {
  doctors: [{ id: 'chen', title: 'Dr', first_name: 'James', last_name: 'Chen', role: 'SP' }],
});
export const royal = establishmentFixture('royal', 'Royal Eastern Hospital', {
  type: establishmentTypes.coded('HL'),
  doctors: [{ id: 'singh', title: 'Dr', first_name: 'Priya', last_name: 'Singh', role: 'SP' }],
  departments: [
    {
      id: 'cardio',
      name: 'Cardiology',
      email: null,
      website: null,
      description: null,
      hospital: { id: 'royal', name: 'Royal Eastern Hospital' },
      type: establishmentTypes.coded('DT'),
      is_approved: true,
      is_verified: true,
      accepts_join_requests: true,
      digital_ordering: false,
      accepts_advice_and_guidance: false,
    },
  ],
});

export function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/profile/': { status: 200, body: gp },
    'GET /api/establishments/': {
      status: 200,
      body: page([establishmentFixture('harbourside', 'Harbourside Clinic'), heart, royal]),
    },
    'POST /api/referrals/': { status: 201, body: draftFixture() },
    'GET /api/referrals/draft-1/': { status: 200, body: draftFixture() },
    'PATCH /api/referrals/draft-1/': { status: 200, body: draftFixture() },
    'GET /api/referrals/draft-1/form-templates/': { status: 200, body: [template] },
    'GET /api/referrals/draft-1/forms/': { status: 200, body: { forms: {} } },
    'PUT /api/referrals/draft-1/forms/': (body) => ({
      status: 200,
      body: { forms: { cardiology: (body as { fields: object }).fields } },
    }),
    'GET /api/referrals/draft-1/referrer-attachments/': { status: 200, body: page([]) },
    ...overrides,
  });
}
