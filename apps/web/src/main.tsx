import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { getRuntimeConfig } from '@/lib/runtime-config';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

const router = createAppRouter(getRuntimeConfig().flags);

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
