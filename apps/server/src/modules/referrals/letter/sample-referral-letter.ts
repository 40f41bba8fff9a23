import type { ReferralLetter } from './referral-letter.ts';

// A realistic referral letter, made up, for the letter's tests, its benchmark and previews: a GP's
// cardiology referral with two forms, three attachments and a supervisor.

export function sampleReferralLetter(overrides: Partial<ReferralLetter> = {}): ReferralLetter {
  return {
    id: '3f6c2a9e-8b1d-4c57-9e0a-1d2b3c4d5e6f',
    type: 'IN-APP',
    status: 'SBMT',
    submitted_at: '2026-03-12T04:15:00Z',
    duration: 12,
    expires_at: '2027-03-12',
    from_establishment: {
      name: 'Harbourside Family Medical Practice',
      address1: 'Suite 4, 120 Victoria Road',
      city: 'Drummoyne',
      state: 'NSW',
      postcode: '2047',
      phone1: '02 9181 4400',
      phone2: null,
      email: 'reception@harbourside.example',
    },
    referrer: { title: 'DR', first_name: 'Amelia', last_name: 'Hartley', provider_number: '2426591T' },
    to_establishment: {
      name: 'Cardiology',
      hospital: { name: 'Royal Eastern Hospital' },
      address1: 'Level 3, Clinical Services Building',
      address2: '50 Missenden Road',
      city: 'Camperdown',
      state: 'NSW',
      postcode: '2050',
      phone1: '02 9515 6111',
      email: 'cardiology.referrals@reh.example',
    },
    assignee: { title: 'APROF', first_name: 'Karen', last_name: "O'Brien" },
    patient: {
      title: 'MR',
      first_name: 'Thomas',
      last_name: 'Nguyen',
      dob: '1958-07-21',
      sex: 'M',
      pub_insurance_type: 'MDCR',
      pub_insurance_details: '2953817461',
      medicare_ref_num: '2',
      medicare_expiry_date: '08/2028',
      mrn: 'REH0048213',
      phone: '0412 345 678',
      address1: '17 Lyons Road',
      city: 'Five Dock',
      state: 'NSW',
      postcode: '2046',
    },
    referrer_message:
      'Thank you for seeing Thomas, a 67-year-old retired electrician, who presents with a three-month history ' +
      'of exertional chest tightness and breathlessness on climbing two flights of stairs, relieved by rest ' +
      'within five minutes. He has no symptoms at rest and no syncope.\n\n' +
      'His background includes type 2 diabetes (HbA1c 7.4%), hypertension and hypercholesterolaemia. He is an ' +
      'ex-smoker of 30 pack-years, quit 2015. His father had a myocardial infarction at 58.\n\n' +
      'A resting ECG shows sinus rhythm with non-specific ST changes in the lateral leads. I have started ' +
      'aspirin 100 mg daily and increased atorvastatin to 40 mg, and given him sublingual GTN with instructions.\n\n' +
      'I would be grateful for your assessment and consideration of a stress test or CT coronary angiogram.',
    forms: [
      {
        title: 'Clinical details',
        fields: [
          { label: 'Reason for referral', value: 'Suspected stable angina' },
          { label: 'Urgency', value: 'Semi-urgent (within 30 days)' },
          {
            label: 'Current medications',
            value: 'Metformin 1 g bd\nPerindopril 5 mg daily\nAtorvastatin 40 mg nocte\nAspirin 100 mg daily',
          },
          { label: 'Allergies', value: 'Penicillin (rash)' },
          { label: 'Blood pressure', value: '148/86 mmHg' },
          { label: 'BMI', value: '29.4' },
        ],
      },
      {
        title: 'Recent results',
        fields: [
          { label: 'Total cholesterol', value: '5.8 mmol/L (4 Mar 2026)' },
          { label: 'LDL cholesterol', value: '3.6 mmol/L (4 Mar 2026)' },
          { label: 'eGFR', value: '78 mL/min/1.73 m²' },
          { label: 'Troponin', value: '' },
        ],
      },
    ],
    attachments: [
      { original_name: 'ECG 10 March 2026.pdf', field: 'ECG' },
      { original_name: 'Pathology results March 2026.pdf', field: 'Pathology' },
      { original_name: 'Previous cardiology letter 2019.pdf', field: null },
    ],
    signature: {
      signed_by: { title: 'DR', first_name: 'Amelia', last_name: 'Hartley' },
      provider_number: '2426591T',
      signed_at: '2026-03-12T04:15:00Z',
      text: 'MBBS FRACGP',
    },
    supervisor: { name: 'Dr Peter Lam', provider_number: '2198834B', email: 'p.lam@harbourside.example' },
    printed_at: '2026-03-12T04:20:00Z',
    ...overrides,
  };
}
