import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { profileQueryOptions } from '@/lib/auth/get-profile';
import { profileLayoutTheme } from '@/lib/profile-display';
import { MountWhenOpened } from '@/ui/mount-when-opened';
import { cssVariablesResolver, layoutThemes } from '@/ui/theme';

const Toasts = lazy(() => import('@/ui/toasts').then((m) => ({ default: m.Toasts })));

/**
 * The toasts' container comes with the first toast (the store behind notifications.show is light), so the
 * first screen does not carry it.
 */
function ToastsWhenShown() {
  const { notifications } = useNotifications();
  return (
    <MountWhenOpened opened={notifications.length > 0}>
      <Toasts />
    </MountWhenOpened>
  );
}

/**
 * The theme follows the signed-in user's role and current establishment (spec section 6 Rules). It only
 * reads the profile the sign-in already loaded: public screens must not fetch it.
 */
function ThemeProvider({ children }: { children: ReactNode }) {
  const { data: profile } = useQuery({ ...profileQueryOptions(), enabled: false });
  return (
    <MantineProvider
      theme={layoutThemes[profileLayoutTheme(profile)]}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <ToastsWhenShown />
      {children}
    </MantineProvider>
  );
}

/** Server state, theme and toasts for the whole app. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}
