import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { SideNav } from './side-nav';
import { SIDE_NAV_ID, TopBar } from './top-bar';
import { useNavCollapse } from './use-nav-collapse';

const NAV_WIDTH = 264;
const NAV_RAIL_WIDTH = 72;

/**
 * The main layout (spec section 2 Layout): top bar, side navigation and the screen. On desktop the
 * navigation collapses to an icon rail rather than disappearing, so every destination stays one click
 * away; on phones it is a drawer that closes after each navigation.
 */
export function MainLayout() {
  const { collapsed, toggle } = useNavCollapse();
  const [mobileOpened, mobileNav] = useDisclosure(false);
  // Phones always get the full-width labelled list; the rail only makes sense beside the content.
  const isDesktop = useMediaQuery('(min-width: 48em)', true);
  const rail = collapsed && isDesktop;

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
    </AppShell>
  );
}
