import { matchPath } from 'react-router';
import { paths } from '@/lib/paths';

/** The 'Switch failed' toast's messages (spec sections 4 Session and sign-in, 8). */
export const SWITCH_REFUSALS = {
  referralCreation: "You can't switch establishment during referral creation",
  referral: "You can't switch establishment while viewing a referral",
  patient: "You can't switch establishment while creating/viewing a patient",
  clinicalReport: "You can't switch establishment while creating/viewing a clinical report",
} as const;

/** The title of the toast shown when switching is refused. */
export const SWITCH_FAILED_TITLE = 'Switch failed';

const matches = (pattern: string, pathname: string) => matchPath(pattern, pathname) !== null;

// /referrals/:id would match the lists (/referrals/archive, ...); those are not a referral being viewed.
const REFERRAL_LIST_PATHS = [
  paths.referrals.manual.path,
  paths.referrals.archive.path,
  paths.referrals.trash.path,
  paths.referrals.externalOrigin.path,
  paths.public.referralPdf.path,
  paths.public.externalReferral.path,
  paths.public.consent.path,
  paths.public.uploadFiles.path,
];

/**
 * Why switching establishment is refused on this screen, or null when it is allowed: during referral
 * creation (friendly forwarding included), while viewing a referral or one of its actions, while
 * creating or viewing a patient, and on a clinical report (spec section 4 Session and sign-in). Work on
 * those screens belongs to the establishment it started in.
 */
export function switchRefusal(pathname: string): string | null {
  if (
    matches(paths.referrals.create.path, pathname) ||
    matches(paths.referrals.friendlyForward.path, pathname)
  ) {
    return SWITCH_REFUSALS.referralCreation;
  }
  if (matches(paths.referrals.report.path, pathname)) return SWITCH_REFUSALS.clinicalReport;
  if (matches(paths.patients.create.path, pathname) || matches(paths.patients.detail.path, pathname)) {
    return SWITCH_REFUSALS.patient;
  }
  const referralScreens = [
    paths.referrals.detail.path,
    paths.referrals.triage.path,
    paths.referrals.recall.path,
    paths.referrals.return.path,
    paths.referrals.forward.path,
    paths.referrals.reschedule.path,
  ];
  if (
    referralScreens.some((pattern) => matches(pattern, pathname)) &&
    !REFERRAL_LIST_PATHS.some((pattern) => matches(pattern, pathname))
  ) {
    return SWITCH_REFUSALS.referral;
  }
  return null;
}
