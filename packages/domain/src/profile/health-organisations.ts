import { z } from 'zod';
import { defineCodeList } from '../codes.ts';

/**
 * Health organisations whose staff sign in with their organisation's single sign-on (spec section 2:
 * "Single-sign-on users with a matching health-organisation email go to account linking"; section 5:
 * "Account-linking email must match health-organisation address patterns"). The spec gives no patterns;
 * these are the state and territory health services' mail domains, our decision
 * (docs/identity-decisions.md). A pattern matches the domain itself and any subdomain of it
 * (`@health.nsw.gov.au`, `@sesl.health.nsw.gov.au`).
 */
export const HEALTH_ORGANISATIONS = {
  NSW_HEALTH: 'NSW Health',
  QLD_HEALTH: 'Queensland Health',
  VIC_HEALTH: 'Victorian Department of Health',
  SA_HEALTH: 'SA Health',
  WA_HEALTH: 'WA Health',
  TAS_HEALTH: 'Tasmanian Health Service',
  ACT_HEALTH: 'Canberra Health Services',
  NT_HEALTH: 'NT Health',
} as const;
export const healthOrganisations = defineCodeList(HEALTH_ORGANISATIONS);
export type HealthOrganisation = keyof typeof HEALTH_ORGANISATIONS;

/** The mail domains of each organisation. SA Health staff use the South Australian government's domain. */
export const HEALTH_ORGANISATION_EMAIL_DOMAINS: Readonly<Record<HealthOrganisation, readonly string[]>> = {
  NSW_HEALTH: ['health.nsw.gov.au'],
  QLD_HEALTH: ['health.qld.gov.au'],
  VIC_HEALTH: ['health.vic.gov.au'],
  SA_HEALTH: ['sa.gov.au'],
  WA_HEALTH: ['health.wa.gov.au'],
  TAS_HEALTH: ['ths.tas.gov.au', 'health.tas.gov.au'],
  ACT_HEALTH: ['act.gov.au'],
  NT_HEALTH: ['nt.gov.au'],
};

/** The message when an account-linking address is not a health-organisation address (section 5). */
export const HEALTH_ORGANISATION_EMAIL_MESSAGE =
  'Account linking is for health-organisation email addresses, such as name@health.nsw.gov.au.';

/**
 * The health organisation an email address belongs to, by its domain, or null (section 5: account-linking
 * email must match health-organisation address patterns). Case does not matter.
 */
export function healthOrganisationOf(email: string | null | undefined): HealthOrganisation | null {
  const at = (email ?? '').trim().toLowerCase().lastIndexOf('@');
  if (at < 1) return null;
  const domain = (email ?? '')
    .trim()
    .toLowerCase()
    .slice(at + 1);
  for (const organisation of healthOrganisations.codes) {
    const domains = HEALTH_ORGANISATION_EMAIL_DOMAINS[organisation];
    if (domains.some((d) => domain === d || domain.endsWith(`.${d}`))) return organisation;
  }
  return null;
}

/**
 * POST profile/link-secondary-account/: the address of the account to link, lower-cased, which must be a
 * health-organisation address (section 5: "Account-linking email must match health-organisation address
 * patterns").
 */
export const LinkSecondaryAccountSchema = z.object({
  email: z
    .email('Enter a valid email address.')
    .transform((email) => email.toLowerCase())
    .refine((email) => healthOrganisationOf(email) !== null, HEALTH_ORGANISATION_EMAIL_MESSAGE),
});

/** POST profile/link-secondary-account/verify/: the code emailed to the account to link. */
export const LinkSecondaryAccountVerifySchema = z.object({ otp: z.string().trim() });

/**
 * GET profile/initiate-sso/: whether the signed-in user's address is a health-organisation address, which
 * one, whether linking to its single sign-on is offered (the singleSignOnAccountLinking flag), and when the
 * account was linked (null if not yet).
 */
export const SingleSignOnStatusSchema = z.object({
  email: z.string(),
  health_organisation: healthOrganisations.codedSchema.nullable(),
  sso_linking_available: z.boolean(),
  linked_at: z.string().nullable(),
});
export type SingleSignOnStatus = z.infer<typeof SingleSignOnStatusSchema>;

/**
 * POST profile/initiate-sso/ (202): where to send the browser to confirm the account. It is the app's
 * Login with email-and-password-only mode forced (section 4: "Login uses email-password-only mode when
 * forced by the single-sign-on flow") and the address filled in.
 */
export const SingleSignOnStartSchema = z.object({ login_url: z.string() });
export type SingleSignOnStart = z.infer<typeof SingleSignOnStartSchema>;
