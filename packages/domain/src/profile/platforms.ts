import { z } from 'zod';
import { defineCodeList } from '../codes.ts';

/**
 * Where a provider works with Referrals (spec section 2: the platform selection screen; section 7:
 * platform-subscription/, body selected_platform). The spec names no platforms; this list is our decision
 * (docs/identity-decisions.md): Referrals in the browser, and the Australian practice software that
 * launches Referrals from a patient's record (section 7, Clinical record system: a SMART launch). The
 * choice tells support and the integration team how the provider reaches Referrals; it changes no
 * permission.
 */
export const PLATFORMS = {
  WEB: 'Referrals in the web browser',
  BEST_PRACTICE: 'Best Practice',
  MEDICAL_DIRECTOR: 'MedicalDirector Clinical',
  ZEDMED: 'Zedmed',
  GENIE: 'Genie',
  COMMUNICARE: 'Communicare',
} as const;
export const platforms = defineCodeList(PLATFORMS);
export type Platform = keyof typeof PLATFORMS;

/** The message for a selected_platform that is not in the list. */
export const PLATFORM_MESSAGE = 'Choose one of the platforms in the list.';

/** GET and PUT platform-subscription/: the chosen platform (null until one is chosen) and the choices. */
export const PlatformSubscriptionSchema = z.object({
  selected_platform: platforms.codedSchema.nullable(),
  platforms: z.array(platforms.codedSchema),
});
export type PlatformSubscription = z.infer<typeof PlatformSubscriptionSchema>;

/** PUT platform-subscription/: the bare code of one of the platforms. */
export const PlatformSubscriptionUpdateSchema = z.object({
  selected_platform: z.enum(platforms.codes, { error: PLATFORM_MESSAGE }),
});
export type PlatformSubscriptionUpdate = z.infer<typeof PlatformSubscriptionUpdateSchema>;

/** The answer of GET platform-subscription/ for a stored choice (an unknown stored code reads as none). */
export function platformSubscription(selected: string | null | undefined): PlatformSubscription {
  return {
    selected_platform: platforms.isCode(selected) ? platforms.coded(selected) : null,
    platforms: platforms.codes.map((code) => platforms.coded(code)),
  };
}
