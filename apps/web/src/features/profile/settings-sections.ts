import type { SettingsSection } from '@referrals/domain/people/people-codes';

type SectionText = { title: string; description: string; plannedFeatures: readonly string[] };

/** Names and purposes of the settings sections (spec section 2 Settings sections). */
export const SETTINGS_SECTION_TEXT: Readonly<Record<SettingsSection, SectionText>> = {
  'medical-registration': {
    title: 'Medical registration',
    description:
      'Your AHPRA registration and provider numbers, which receivers check before they accept your referrals.',
    plannedFeatures: ['Update your registration number', 'Add provider numbers for each place you practise'],
  },
  notifications: {
    title: 'Notifications',
    description: 'Choose which referral events notify you, and whether by email, SMS or in the app.',
    plannedFeatures: ['Turn notifications on or off per event', 'Choose how you are told'],
  },
  profile: {
    title: 'Profile',
    description: 'Your name, contact details, signature and session length.',
    plannedFeatures: [
      'Update your contact details',
      'Replace your signature',
      'Change how long you stay signed in',
    ],
  },
  establishments: {
    title: 'Establishments',
    description:
      'The practices, clinics, hospitals and departments you work at, and your role and access in each.',
    plannedFeatures: ['Join an establishment or leave one', 'Add departments where you are allowed to'],
  },
};
