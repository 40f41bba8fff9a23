import type { SettingsSection } from '@referrals/domain/people/people-codes';

type SectionText = { title: string; description: string };

/** Names and purposes of the settings sections (spec section 2 Settings sections). */
export const SETTINGS_SECTION_TEXT: Readonly<Record<SettingsSection, SectionText>> = {
  'medical-registration': {
    title: 'Medical registration',
    description:
      'Your AHPRA registration, provider numbers, qualification and specialties, which receivers check before they accept your referrals.',
  },
  notifications: {
    title: 'Notifications',
    description: 'Choose which referral events send you an email.',
  },
  profile: {
    title: 'Profile',
    description: 'Your name, contact details, photo, session length and two-step sign-in.',
  },
  establishments: {
    title: 'Establishments',
    description: 'The practices, clinics and hospitals you work at, and which one is current.',
  },
};
