import {
  canSeeDraftReferrals,
  canSeeDraftReports,
  canSeeInbox,
  canSeeOutboxReferrals,
  canSeeReportsInbox,
  isLimitedMode,
  isOpenInLimitedMode,
  isOpenToPatientAccount,
  isPatientAccount,
  type AccessContext,
} from '@referrals/domain/people/access-rules';
import { matchPath } from 'react-router';
import { paths } from '@/lib/paths';

const on = (pattern: string, pathname: string) => matchPath(pattern, pathname) !== null;

/**
 * Where the main layout sends a user who may not be on this screen, or null when they may: in the limited
 * mode everything but Help Desk, Dashboard and Settings goes to / (spec section 2 Layout, Establishment
 * selector), a patient's account everything but My referrals and Settings, and so do the lists their permissions hide from the side navigation (section 2 Start-up
 * redirects, section 6 Rules). The server refuses the data either way; this keeps the screen honest.
 */
export function layoutRedirect(pathname: string, context: AccessContext): string | null {
  const home = paths.home.getHref();
  if (isLimitedMode(context)) return isOpenInLimitedMode(pathname) ? null : home;
  if (isPatientAccount(context)) return isOpenToPatientAccount(pathname) ? null : home;
  const referralList = matchPath(paths.referrals.outbox.path, pathname)?.params.type;
  const reportList = matchPath(paths.clinicalReports.outbox.path, pathname)?.params.type;
  const allowed =
    (!on(paths.referrals.inbox.path, pathname) || canSeeInbox(context)) &&
    (!on(paths.clinicalReports.inbox.path, pathname) || canSeeReportsInbox(context));
  // Outbox case conferences stay in the navigation for everyone; drafts and referrals have rules of their own.
  const outboxAllowed =
    referralList === undefined ||
    referralList.startsWith('case-conference') ||
    (referralList === 'drafts' ? canSeeDraftReferrals(context) : canSeeOutboxReferrals(context));
  const reportDraftsAllowed = reportList !== 'drafts' || canSeeDraftReports(context);
  return allowed && outboxAllowed && reportDraftsAllowed ? null : home;
}
