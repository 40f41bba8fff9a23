import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, GP, loginHeading, screenshot, signIn, submitLoginForm } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 800 } });

const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Dashboard' });
const banner = (page: Page) => page.getByRole('banner');

test('a user signs in through the login page and sees their name and the dashboard', async ({ page }) => {
  const tokenRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/auth/oauth/token')) tokenRequests.push(request.url());
  });
  await page.goto('/');

  // Signed out, the app sends the browser to the hosted login page, without first trying a refresh that
  // could only fail (a 400 in the browser's console).
  await expect(page).toHaveURL(/\/auth\/interaction\//);
  expect(tokenRequests).toEqual([]);
  await expect(loginHeading(page)).toBeVisible();
  await screenshot(page, 'hosted-login');

  await submitLoginForm(page, GP.email, DEMO_PASSWORD);

  await expect(page).toHaveURL('/');
  await expect(dashboardHeading(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(GP.name)).toBeVisible();
  await expect(menu.getByText(GP.email)).toBeVisible();
  await screenshot(page, 'signed-in-avatar-menu');
});

test('a user following a link while signed out lands on that screen after signing in', async ({ page }) => {
  await signIn(page, { to: '/patients?page=2' });

  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
});

test('a user who types a wrong password is told so and stays on the login page', async ({ page }) => {
  await page.goto('/login');

  await submitLoginForm(page, GP.email, 'not-the-password');

  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await expect(loginHeading(page)).toBeVisible();
});

test('a signed-in user reloads the page and stays signed in', async ({ page }) => {
  // The outbox: the demo GP sends referrals and, without accept_referral, has no inbox (spec section 6).
  await signIn(page, { to: '/referrals/outbox/all' });

  await page.reload();

  await expect(page).toHaveURL('/referrals/outbox/all');
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(loginHeading(page)).toBeHidden();
  await banner(page).getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(GP.name)).toBeVisible();
});

test('a user logs out through the confirmation dialog and must sign in again to see the dashboard', async ({
  page,
}) => {
  await signIn(page);

  await banner(page).getByRole('button', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out?' });
  await expect(dialog).toBeVisible();
  await screenshot(page, 'logout-dialog');

  // Cancel keeps the user where they were.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(dashboardHeading(page)).toBeVisible();

  await banner(page).getByRole('button', { name: 'Log out' }).click();
  const logout = page.waitForResponse(
    (response) => response.url().endsWith('/api/profile/logout/') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Log out' }).click();
  expect((await logout).status()).toBe(204);
  // The app's own Sign in page hands over to the hosted login; wait until it has, or the next navigation
  // would race that redirect.
  await page.waitForURL(/\/auth\/interaction\//);
  await expect(loginHeading(page)).toBeVisible();

  // The session is gone on the server too: opening the app asks for a sign-in again.
  await page.goto('/');
  await expect(loginHeading(page)).toBeVisible();
  await expect(dashboardHeading(page)).toBeHidden();
});

test('an inactive user is warned before the session expires and can stay signed in', async ({ page }) => {
  await page.clock.install();
  await signIn(page);

  await page.clock.fastForward('29:05');
  const dialog = page.getByRole('dialog', { name: 'Your session will expire soon' });
  await expect(dialog).toBeVisible();

  const refresh = page.waitForResponse((response) => response.url().endsWith('/auth/oauth/token'));
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  expect((await refresh).status()).toBe(200);
  await expect(dialog).toBeHidden();

  // Staying counted as activity: the dialog does not come back for another 29 minutes.
  await page.clock.fastForward('28:00');
  await expect(dialog).toBeHidden();
  await expect(dashboardHeading(page)).toBeVisible();
});

test('an inactive user is logged out automatically and the login page says the session expired', async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page, { to: '/patients' });

  await page.clock.fastForward('29:05');
  const dialog = page.getByRole('dialog', { name: 'Your session will expire soon' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(dialog).toContainText(/logged out in \d+ seconds/);
  await screenshot(page, 'session-expiry-dialog');

  await page.clock.fastForward('01:00');

  await expect(loginHeading(page)).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'Your session expired after a period of inactivity. Please sign in again.',
  );
});

test('a user who was logged out signs in again and comes back to where they were', async ({ page }) => {
  await page.clock.install();
  await signIn(page, { to: '/patients' });
  await page.clock.fastForward('30:05');
  await expect(loginHeading(page)).toBeVisible();

  await submitLoginForm(page, GP.email, DEMO_PASSWORD);

  await expect(page).toHaveURL('/patients');
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
});

test('a visitor who chooses Register gets the form to create an account', async ({ page }) => {
  await page.goto('/register');
  await expect(page).toHaveURL(/\/auth\/signup$/);
  await expect(page.getByLabel('First name')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('an access token in the sign-in return address is refused in the production build: the page is not found', async ({
  page,
}) => {
  await page.goto('/authorize?access_token=eyJhbGciOiJFUzI1NiJ9.e30.c2lnbmF0dXJl');
  await expect(page).toHaveURL('/404');
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
});
