import type { DraftStep } from '@referrals/domain/referrals/referral-draft-steps';

/** What the stepper and each step's heading say (spec section 4 Draft creation steps). */
export const STEP_TEXTS: Readonly<Record<DraftStep, { label: string; title: string; intro: string }>> = {
  0: {
    label: 'Receiver',
    title: 'Who receives the referral',
    intro:
      'Choose the clinic, hospital or practice, and the specialist if you know who should see the patient.',
  },
  1: {
    label: 'Patient',
    title: 'The patient',
    intro: 'Find the patient in your establishment, or add them.',
  },
  2: {
    label: 'Forms',
    title: 'The receiver’s forms',
    intro: 'The receiver asks for these details. Questions appear as your answers call for them.',
  },
  3: {
    label: 'Attachments',
    title: 'Attachments',
    intro: 'Add letters, results or images the receiver should see: up to 20 files of 5 MB each.',
  },
  4: {
    label: 'Details',
    title: 'Message and provider details',
    intro: 'Your message opens the referral letter. Add a supervisor if you work under supervision.',
  },
  5: {
    label: 'Renewal',
    title: 'Renewal and notifications',
    intro: 'How long the referral is valid, and who hears about it.',
  },
};
