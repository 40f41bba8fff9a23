import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { loginHeading, signIn } from './sign-in-helpers.ts';

const banner = (page: Page) => page.getByRole('banner');

test('the login page has no accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(loginHeading(page)).toBeVisible();
  await expectAccessible(page, 'login');
});

test('the screens a GP uses have no accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await expectAccessible(page, 'dashboard');

  await banner(page).getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'account menu open');
  await page.keyboard.press('Escape');

  await page.goto('/patients');
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
  await expectAccessible(page, 'patients list');

  await page.getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/patients\/[0-9a-f-]{36}$/);
  await expectAccessible(page, 'patient page');

  await page.goto('/patients/create');
  await page.getByRole('button', { name: /^(Save|Create)/ }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await expectAccessible(page, 'patient form with errors');

  await page.goto('/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Other HCPs' })).toBeVisible();
  await expectAccessible(page, 'contacts');

  await page.goto('/providers');
  await expect(page.getByRole('heading', { level: 1, name: 'Providers' })).toBeVisible();
  await expectAccessible(page, 'providers');

  for (const section of ['medical-registration', 'notifications', 'profile', 'establishments']) {
    await page.goto(`/settings/${section}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, `settings ${section}`);
  }
});

test('the establishment selector, open, has no accessibility violations', async ({ page }) => {
  // The specialist works at a clinic and has a personal space: the selector offers both.
  await signIn(page, { email: 'specialist@demo.test' });
  await banner(page)
    .getByRole('button', { name: /Current establishment/ })
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'establishment selector open');
});

test('the admin portal, its staff drawer and its invite dialog have no accessibility violations', async ({
  page,
}) => {
  await signIn(page, { email: 'pm@demo.test', to: '/admin/users/all' });
  await expect(page.getByRole('heading', { level: 1, name: 'Admin portal' })).toBeVisible();
  await expectAccessible(page, 'admin portal');

  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('dialog', { name: 'Invite a colleague' })).toBeVisible();
  await expectAccessible(page, 'invite dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Dr Ben Cooper' }).click();
  await expect(page.getByRole('dialog', { name: 'Staff member' })).toBeVisible();
  await expectAccessible(page, 'staff member drawer');
});

test('an establishment’s settings, with its referral mail and public portal sections, have no accessibility violations', async ({
  page,
}) => {
  // The demo clinic's account holder: its portal is published and it takes mail from two domains.
  await signIn(page, { email: 'linda.park@demo.test', to: '/settings/establishments' });
  await page
    .getByRole('link', { name: /North Shore Heart Clinic/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/settings\/establishments\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Accept referral mail from these domains')).toBeVisible();
  await expect(page.getByRole('link', { name: /\/refer\/north-shore-heart-clinic/ })).toBeVisible();
  await expectAccessible(page, 'establishment settings with referral mail and portal');
});
