import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { layoutThemeFor } from '@referrals/domain/theme';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { layoutThemes } from '@/ui/theme';
import { createQueryClient } from './query-client';

/** Theme, toasts and server state for the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Nobody can sign in yet, so there is no role or establishment and the theme is green (spec section 6);
  // the sign-in issue passes the profile's role and current establishment type here.
  const theme = layoutThemes[layoutThemeFor(null)];
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" zIndex={1000} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
