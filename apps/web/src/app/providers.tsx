import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { profileQueryOptions } from '@/lib/auth/get-profile';
import { profileLayoutTheme } from '@/lib/profile-display';
import { cssVariablesResolver, layoutThemes } from '@/ui/theme';

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
      <Notifications position="top-right" zIndex={1000} />
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
