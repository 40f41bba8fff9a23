import type { DraftStep } from '@referrals/domain/referrals/referral-draft-steps';

/** What the stepper and each step's heading say (spec section 4 Draft creation steps). */
export const STEP_TEXTS: Readonly<Record<DraftStep, { label: string; title: string; intro: string }>> = {
  receiver: {
    label: 'Receiver',
    title: 'Who receives the referral',
    intro:
      'Choose the clinic, hospital or practice, and the specialist if you know who should see the patient.',
  },
  patient: {
    label: 'Patient',
    title: 'The patient',
    intro: 'Find the patient in your establishment, or add them.',
  },
  forms: {
    label: 'Forms',
    title: 'The receiver’s forms',
    intro: 'The receiver asks for these details. Questions appear as your answers call for them.',
  },
  medication_order: {
    label: 'Medication order',
    title: 'Medication order',
    intro:
      'This service gives the medicines it is referred for and takes the order here. Choose the kind of care, ' +
      'then list each medicine with its dose, route and how often it is given.',
  },
  attachments: {
    label: 'Attachments',
    title: 'Attachments',
    intro: 'Add letters, results or images the receiver should see: up to 20 files of 5 MB each.',
  },
  details: {
    label: 'Details',
    title: 'Message and provider details',
    intro: 'Your message opens the referral letter. Add a supervisor if you work under supervision.',
  },
  renewal: {
    label: 'Renewal',
    title: 'Renewal and notifications',
    intro: 'How long the referral is valid, and who hears about it.',
  },
};
