import type { FeatureFlags } from '@referrals/domain/feature-flags';
import { launchQueryKind } from '@referrals/domain/clinical-record/launch-query';
import { paths } from '@/lib/paths';

/**
 * Where a clinical record system's launch or return at / goes (spec section 2 Start-up redirects): the
 * unavailable page while that flag is on, otherwise the launch screen with the same query (launchQueryKind).
 * Null for any other address, which the app opens as usual.
 */
export function clinicalRecordLaunchRedirect(url: URL, flags: FeatureFlags): string | null {
  if (url.pathname !== paths.home.getHref()) return null;
  const query = url.searchParams;
  if (launchQueryKind(query) === null) return null;
  if (flags.clinicalSystemUnavailable) return paths.status.clinicalSystemUnavailable.getHref();
  return paths.clinicalRecord.launch.getHref(query);
}
