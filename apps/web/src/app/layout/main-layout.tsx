import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { sessionInactivityTimeoutMs } from '@referrals/domain/constants';
import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isLimitedMode } from '@referrals/domain/people/access-rules';
import { useAccessContext } from '@/lib/access-context';
import { useProfile } from '@/lib/auth/get-profile';
import { currentEmployment } from '@/lib/profile-display';
import { syncUnverifiedEmploymentMarker } from '@/lib/unverified-employment-marker';
import { SessionExpiry } from '@/features/auth/components/session-expiry';
import { useCurrentEstablishmentSync } from '@/features/establishments/use-current-establishment-sync';
import { layoutRedirect } from './layout-redirect';
import { MaintenanceBanner } from './maintenance-banner';
import { SideNav } from './side-nav';
import { SkipLink } from './skip-link';
import { SIDE_NAV_ID, TopBar } from './top-bar';
import classes from './main-layout.module.css';
import { useNavCollapse } from './use-nav-collapse';
import { useNavCounts } from './use-nav-counts';
import { useShowTotals } from './use-show-totals';

const LimitedModeDialog = lazy(() =>
  import('@/features/establishments/components/limited-mode-dialog').then((m) => ({
    default: m.LimitedModeDialog,
  })),
);

const NAV_WIDTH = 264;
const NAV_RAIL_WIDTH = 72;
/** The screen's region, where the skip link takes the focus. */
const MAIN_CONTENT_ID = 'main-content';

/**
 * The main layout (spec section 2 Layout): top bar, side navigation and the screen. On desktop the
 * navigation collapses to an icon rail rather than disappearing, so every destination stays one click
 * away; on phones it is a drawer that closes after each navigation. Only signed-in users get here
 * (requireSignIn), and the session-expiry watch runs for as long as the layout is on screen.
 */
export function MainLayout() {
  const { collapsed, toggle } = useNavCollapse();
  const [mobileOpened, mobileNav] = useDisclosure(false);
  // Phones always get the full-width labelled list; the rail only makes sense beside the content.
  const isDesktop = useMediaQuery('(min-width: 48em)', true);
  const rail = collapsed && isDesktop;
  // The route loader has loaded the profile before the layout renders.
  const { data: profile } = useProfile();
  useCurrentEstablishmentSync();
  const current = profile ? currentEmployment(profile) : undefined;
  useEffect(() => syncUnverifiedEmploymentMarker(current), [current]);
  const access = useAccessContext();
  const totals = useShowTotals();
  const counts = useNavCounts(access, totals.shown);
  const { pathname } = useLocation();
  const redirect = access === undefined ? null : layoutRedirect(pathname, access);
  // The limited mode's 'Switch establishments' opens the top bar's selector.
  const [selectorOpened, setSelectorOpened] = useState(false);

  return (
    <div
      className={classes.frame}
      style={{ '--nav-width': `${rail ? NAV_RAIL_WIDTH : NAV_WIDTH}px` } as CSSProperties}
    >
      {/* First in the page, so the first Tab reaches it before the top bar and the navigation. */}
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <header className={classes.header}>
        <TopBar
          navCollapsed={collapsed}
          onToggleNav={toggle}
          mobileNavOpened={mobileOpened}
          onToggleMobileNav={mobileNav.toggle}
          selectorOpened={selectorOpened}
          onSelectorOpenedChange={setSelectorOpened}
        />
      </header>
      <nav
        id={SIDE_NAV_ID}
        aria-label="Main navigation"
        className={classes.navbar}
        data-collapsed={rail || undefined}
        data-mobile-closed={!mobileOpened || undefined}
      >
        <SideNav
          collapsed={rail}
          access={access}
          platformAdmin={profile?.is_platform_admin === true}
          counts={counts}
          totals={totals.shown}
          onToggleTotals={totals.toggle}
          onNavigate={mobileNav.close}
        />
      </nav>
      {/* Focusable by script only (the skip link), so the next Tab goes to the screen's first control. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        {profile?.is_platform_admin === true && <MaintenanceBanner />}
        {redirect === null ? <Outlet /> : <Navigate to={redirect} replace />}
      </main>
      {/* Keyed by the establishment, so the question is asked again on arriving at another personal space. */}
      {access !== undefined && isLimitedMode(access) && (
        <Suspense fallback={null}>
          <LimitedModeDialog
            key={profile?.current_establishment ?? 'none'}
            onOpenSelector={() => setSelectorOpened(true)}
          />
        </Suspense>
      )}
      <SessionExpiry timeoutMs={sessionInactivityTimeoutMs(profile?.session_expiry)} />
    </div>
  );
}
