import { codeOf, type Code } from '../codes.ts';
import type { EstablishmentType } from '../establishments/establishment-codes.ts';
import type { EmploymentStatus, Permission, Role, SubRole } from './people-codes.ts';

/**
 * Who may see and do what (spec section 6 Rules), as pure functions of the caller's access context. The
 * server runs them in preHandlers; the web app runs the same ones to show, hide or disable.
 */

/** The caller's employment at the current establishment, as far as the rules need it; an Employment fits. */
export type CurrentEmployment = {
  priority: number;
  status: Code<EmploymentStatus>;
  can_send_referral: boolean;
  has_shared_inbox_access: boolean;
  has_shared_outbox_access: boolean;
  is_head_of_department: boolean;
  has_special_access: boolean;
  /** The establishment's account holder (absent where a rule does not need it). */
  is_account_holder?: boolean;
};

/** What every rule looks at: the caller, their current establishment and employment, and the flags. */
export type AccessContext = {
  role: Code<Role> | null | undefined;
  sub_role: SubRole | null | undefined;
  /** Permissions at the current establishment (section 6 Permissions). */
  permissions: readonly Permission[];
  establishmentType: Code<EstablishmentType> | null | undefined;
  employment: CurrentEmployment | null | undefined;
  flags: { friendlyForwarding: boolean; gpReportsInbox: boolean };
  /** A patient's own account (users.user_type); absent reads as a provider's. */
  accountType?: 'provider' | 'patient';
};

/** The hint when the caller may not create a referral (section 6 Rules). */
export const NO_PERMISSION_HINT =
  'You do not have permission for this. Please contact the Account Holder of this establishment or support.';

/** The hint while the caller's employment awaits verification; the spec's spelling (section 6 Rules). */
export const BEING_VERIFIED_HINT =
  'Your account is currently being verifed. We will be in touch with you shortly.';

/** Permission checks match any of the listed permissions (section 6 Permissions). */
export function hasPermission(
  held: readonly Permission[],
  required: Permission | readonly Permission[],
): boolean {
  const wanted: readonly Permission[] = typeof required === 'string' ? [required] : required;
  return wanted.some((permission) => held.includes(permission));
}

function status(employment: CurrentEmployment | null | undefined): string | null {
  return codeOf(employment?.status);
}

function isApproved(employment: CurrentEmployment | null | undefined): boolean {
  return status(employment) === 'APPROVED';
}

function isPersonal(context: Pick<AccessContext, 'establishmentType'>): boolean {
  return codeOf(context.establishmentType) === 'PA';
}

const FINISHED_STATUSES: readonly string[] = [
  'FINISHED',
  'REJECTED',
  'REVOKED',
  'DECLINED',
  'INVITE_EXPIRED',
];
const AWAITING_VERIFICATION_STATUSES: readonly string[] = ['UNVERIFIED', 'REQUESTED', 'INVITED'];

/**
 * Sending referrals: always for sub-role OC or at a personal establishment; otherwise an approved
 * employment follows can_send_referral, and an unapproved one may send unless friendly forwarding is on.
 */
export function canSendReferrals(context: AccessContext): boolean {
  if (context.sub_role === 'OC' || isPersonal(context)) return true;
  if (isApproved(context.employment)) return context.employment?.can_send_referral === true;
  return !context.flags.friendlyForwarding;
}

/** Shared inbox: a GP or a personal establishment always; otherwise an approved employment with the grant. */
export function hasSharedInboxAccess(context: AccessContext): boolean {
  if (codeOf(context.role) === 'GP' || isPersonal(context)) return true;
  return isApproved(context.employment) && context.employment?.has_shared_inbox_access === true;
}

/** Shared outbox: an approved employment with the grant. */
export function hasSharedOutboxAccess(context: AccessContext): boolean {
  return isApproved(context.employment) && context.employment?.has_shared_outbox_access === true;
}

/**
 * Inbox: accept_referral, or manage_referral when the GP reports inbox is on; a PA also needs shared
 * inbox access.
 */
export function canSeeInbox(context: AccessContext): boolean {
  const needed: Permission[] = context.flags.gpReportsInbox
    ? ['accept_referral', 'manage_referral']
    : ['accept_referral'];
  if (!hasPermission(context.permissions, needed)) return false;
  return codeOf(context.role) !== 'PA' || hasSharedInboxAccess(context);
}

/**
 * Inbox > Reports: where the reports on the caller's referrals come back. Whoever may see the Inbox, and
 * whoever sends referrals (manage_referral or add_referral, with the outbox's own rule for a PA): a
 * referrer could otherwise never read the report on their referral (docs/spec-deviations.md).
 */
export function canSeeReportsInbox(context: AccessContext): boolean {
  if (canSeeInbox(context)) return true;
  return (
    hasPermission(context.permissions, ['manage_referral', 'add_referral']) && canSeeOutboxReferrals(context)
  );
}

/** Outbox referrals: a PA needs shared outbox access; everyone else sees their outbox. */
export function canSeeOutboxReferrals(context: AccessContext): boolean {
  return codeOf(context.role) !== 'PA' || hasSharedOutboxAccess(context);
}

/** Drafts > Referrals needs manage_referral. */
export function canSeeDraftReferrals(context: Pick<AccessContext, 'permissions'>): boolean {
  return hasPermission(context.permissions, 'manage_referral');
}

/** Drafts > Reports needs accept_referral. */
export function canSeeDraftReports(context: Pick<AccessContext, 'permissions'>): boolean {
  return hasPermission(context.permissions, 'accept_referral');
}

/**
 * Manual referrals and the import queue (docs/import-queue.md): the staff who take referrals in, who may
 * see the inbox the recorded referrals land in, with accept_referral itself (the GP reports inbox's
 * manage_referral is not enough to record a referral received).
 */
export function canSeeImportQueue(context: AccessContext): boolean {
  return hasPermission(context.permissions, 'accept_referral') && canSeeInbox(context);
}

/** The New Referral button: enabled, or disabled with the hint that says why (section 6 Rules). */
export type NewReferralButton = { enabled: true } | { enabled: false; hint: string };

/**
 * New Referral needs add_referral, the ability to send and an unfinished employment. An employment still
 * being verified gets the verification hint; every other refusal the permission hint.
 */
export function newReferralButton(context: AccessContext): NewReferralButton {
  const current = status(context.employment);
  const unfinished = context.employment != null && !FINISHED_STATUSES.includes(current ?? '');
  if (hasPermission(context.permissions, 'add_referral') && unfinished && canSendReferrals(context)) {
    return { enabled: true };
  }
  if (unfinished && AWAITING_VERIFICATION_STATUSES.includes(current ?? '')) {
    return { enabled: false, hint: BEING_VERIFIED_HINT };
  }
  return { enabled: false, hint: NO_PERMISSION_HINT };
}

/**
 * The PA and PM limited mode: at a personal establishment a practice administrator or manager has only
 * Help Desk, Dashboard and Settings (section 2 Layout).
 */
export function isLimitedMode(context: Pick<AccessContext, 'role' | 'establishmentType'>): boolean {
  const role = codeOf(context.role);
  return isPersonal(context) && (role === 'PA' || role === 'PM');
}

/**
 * The paths open in limited mode: Help Desk, Dashboard, Settings and its sections, and the review of an
 * employment invitation, which Settings > establishments links to: accepting one is the way out of the
 * limited mode.
 */
export function isOpenInLimitedMode(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname === '/help' ||
    pathname === '/settings' ||
    pathname.startsWith('/settings/') ||
    pathname.startsWith('/review-invite/')
  );
}

/**
 * A patient's own account: no establishment to act for, only the referrals about them (docs/my-referrals.md),
 * so the screens offer My referrals and Settings and nothing that would answer an error.
 */
export function isPatientAccount(context: Pick<AccessContext, 'accountType'>): boolean {
  return context.accountType === 'patient';
}

/** The paths a patient's account opens: My referrals (the dashboard), its reports, and Settings. */
export function isOpenToPatientAccount(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname.startsWith('/my-reports/') ||
    pathname === '/settings' ||
    pathname.startsWith('/settings/')
  );
}

/** In admin mode a professional (priority 3) entry is disabled unless head of department or special access. */
export function isAdminEntryEnabled(
  employment: Pick<CurrentEmployment, 'priority' | 'is_head_of_department' | 'has_special_access'>,
): boolean {
  return employment.priority !== 3 || employment.is_head_of_department || employment.has_special_access;
}

/**
 * Access to a practice-software integration: GP, GPP or a practice manager at a general practice, or at a
 * clinic when that system's integration flag is on (section 6 Rules).
 */
export function hasIntegrationAccess(
  context: Pick<AccessContext, 'role' | 'establishmentType'>,
  clinicIntegrationOn: boolean,
): boolean {
  const role = codeOf(context.role);
  if (role !== 'GP' && role !== 'GPP' && role !== 'PM') return false;
  const type = codeOf(context.establishmentType);
  return type === 'PR' || (type === 'CL' && clinicIntegrationOn);
}

/** An employment at its establishment's head: the account holder may run the admin portal. */
export function canAdministerEstablishment(
  employment: { status: Code<EmploymentStatus>; is_account_holder: boolean } | null | undefined,
): boolean {
  return employment != null && employment.is_account_holder && codeOf(employment.status) === 'APPROVED';
}

/**
 * Patient (and referral) data of an establishment is for its approved staff: an UNVERIFIED employment
 * reaches the establishment (section 4 Employment) but not its patients until the account holder or
 * practice manager approves it, so picking a practice at registration buys no access to its records. A
 * personal space (priority 3) is the person's own.
 */
export function canSeePatientData(
  employment: Pick<CurrentEmployment, 'priority' | 'status'> | null | undefined,
): boolean {
  if (employment == null) return false;
  return employment.priority === 3 || codeOf(employment.status) === 'APPROVED';
}

/** Shown where patients would be while the employment waits for approval. */
export const AWAITING_APPROVAL_HINT =
  'Your place at this establishment is waiting for approval by its account holder or practice manager. Its patients appear here once you are approved.';
