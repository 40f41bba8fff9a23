import { matchPath } from 'react-router';
import { paths } from '@/lib/paths';

/**
 * Screens outside the main layout (spec section 2 Public): sign-in and its return page, Register, the
 * public portals (external referral, consent, upload, external reports, refer by slug), the print view
 * and the status pages. They never force a login, not even when an API call there answers 401
 * (spec section 8).
 */
const PUBLIC_SCREEN_PATTERNS: readonly string[] = [
  ...Object.values(paths.auth),
  ...Object.values(paths.status),
  ...Object.values(paths.public),
].map((route) => route.path);

export function isPublicScreen(pathname: string): boolean {
  return PUBLIC_SCREEN_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null);
}
