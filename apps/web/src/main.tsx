import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { getRuntimeConfig } from '@/lib/runtime-config';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

// One query client for the providers and the route loaders, so data a loader fetched is what screens read.
const queryClient = createQueryClient();
const router = createAppRouter(getRuntimeConfig().flags, queryClient);

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
