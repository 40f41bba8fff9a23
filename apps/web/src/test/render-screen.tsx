import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { FEATURE_FLAG_DEFAULTS, type FeatureFlags } from '@referrals/domain/feature-flags';
import { RUNTIME_CONFIG_ELEMENT_ID, builtInAuthConfig } from '@referrals/domain/runtime-config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/**
 * Writes the start-up configuration the server would embed in index.html. Call it before the code under
 * test first reads the configuration (it is read once per test file).
 */
export function embedRuntimeConfig(flags: Partial<FeatureFlags> = {}): void {
  document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove();
  const element = document.createElement('script');
  element.id = RUNTIME_CONFIG_ELEMENT_ID;
  element.type = 'application/json';
  element.textContent = JSON.stringify({
    flags: { ...FEATURE_FLAG_DEFAULTS, ...flags },
    support_email: 'support@referrals.example',
    version: 'test',
    auth: builtInAuthConfig(window.location.origin),
  });
  document.head.append(element);
}

/**
 * Renders routes as the app does (Mantine, TanStack Query, a router) starting at `path`. Answers the
 * router, whose state tells where the screen navigated to, and the query client.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** A route that only says where the screen went, for checking navigation. */
export function landing(path: string, text = `Landed on ${path}`): RouteObject {
  return { path, element: <p>{text}</p> };
}
