import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { sessionInactivityTimeoutMs } from '@referrals/domain/constants';
import { Outlet } from 'react-router';
import { useProfile } from '@/lib/auth/get-profile';
import { SessionExpiry } from '@/features/auth/components/session-expiry';
import { SideNav } from './side-nav';
import { SIDE_NAV_ID, TopBar } from './top-bar';
import { useNavCollapse } from './use-nav-collapse';

const NAV_WIDTH = 264;
const NAV_RAIL_WIDTH = 72;

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

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: rail ? NAV_RAIL_WIDTH : NAV_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened },
      }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <TopBar
          navCollapsed={collapsed}
          onToggleNav={toggle}
          mobileNavOpened={mobileOpened}
          onToggleMobileNav={mobileNav.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar id={SIDE_NAV_ID} aria-label="Main navigation" data-collapsed={rail}>
        <SideNav collapsed={rail} onNavigate={mobileNav.close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
      <SessionExpiry timeoutMs={sessionInactivityTimeoutMs(profile?.session_expiry)} />
    </AppShell>
  );
}
