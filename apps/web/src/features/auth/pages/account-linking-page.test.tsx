import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { accountLinkingDismissed } from '../account-linking-dismissal';
import { AccountLinkingPage } from './account-linking-page';

beforeAll(() => embedRuntimeConfig({ singleSignOnAccountLinking: true }));

const LOGIN_URL =
  '/login?connection=Username-Password-Authentication&login_hint=a.rahman%40health.nsw.gov.au&sso_link=abc';
const routes = [
  { path: '/account-linking', element: <AccountLinkingPage /> },
  landing('/'),
  landing('/login'),
];

const status = (overrides: Record<string, unknown> = {}) => ({
  status: 200,
  body: {
    email: 'a.rahman@health.nsw.gov.au',
    health_organisation: { value: 'NSW_HEALTH', display: 'NSW Health' },
    sso_linking_available: true,
    linked_at: null,
    ...overrides,
  },
});

describe('account linking (spec section 2, single-sign-on account linking flag)', () => {
  it('names the organisation and starts linking, opening Login in email-and-password-only mode', async () => {
    const api = fakeApi({
      'GET /api/profile/initiate-sso/': status(),
      'POST /api/profile/initiate-sso/': { status: 202, body: { login_url: LOGIN_URL } },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/account-linking');
    expect(await screen.findByText(/belongs to/)).toBeDefined();
    expect(screen.getByText('NSW Health')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Link my account' }));
    await screen.findByText('Landed on /login');
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('connection')).toBe(
      'Username-Password-Authentication',
    );
    expect(api.callsTo('POST /api/profile/initiate-sso/')).toHaveLength(1);
  });

  it("remembers 'Not now' for this tab and goes to the dashboard", async () => {
    fakeApi({ 'GET /api/profile/initiate-sso/': status() });
    const user = userEvent.setup();
    renderRoutes(routes, '/account-linking');
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(await screen.findByText('Landed on /')).toBeDefined();
    expect(accountLinkingDismissed()).toBe(true);
  });

  it('says when the account is linked, and that there is nothing to link for another address', async () => {
    fakeApi({ 'GET /api/profile/initiate-sso/': status({ linked_at: '2026-11-20T01:00:00Z' }) });
    renderRoutes(routes, '/account-linking');
    expect(await screen.findByRole('heading', { name: 'Your account is linked' })).toBeDefined();
    expect(screen.getByText(/linked to NSW Health single sign-on since 20 Nov 2026/)).toBeDefined();
  });

  it('tells a user without a health-organisation address there is nothing to link', async () => {
    fakeApi({
      'GET /api/profile/initiate-sso/': status({
        email: 'gp@demo.test',
        health_organisation: null,
        sso_linking_available: false,
      }),
    });
    renderRoutes(routes, '/account-linking');
    expect(await screen.findByText(/is not one, so there is nothing to link/)).toBeDefined();
  });
});
