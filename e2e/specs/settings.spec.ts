import { expect, test, type Page } from '@playwright/test';
import { apiSessionFor } from './referral-api';
import { screenshot, signIn } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

const sectionHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('a GP changes their mobile number in Settings and still sees it after a reload', async ({ page }) => {
  await signIn(page, { to: '/settings/profile' });
  await expect(sectionHeading(page, 'Profile')).toBeVisible();
  await screenshot(page, 'settings-profile');

  const phone = page.getByLabel('Mobile phone');
  await phone.fill('0400 111 222');
  await page.getByRole('button', { name: 'Save personal details' }).click();
  await expect(page.getByText('Your personal details were saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Mobile phone')).toHaveValue('0400 111 222');
});

test('a user sets how long they stay signed in, and an invalid length is refused on the field', async ({
  page,
}) => {
  // The specialist, so the GP's 30-minute default that the sign-in tests rely on stays as it is.
  await signIn(page, { to: '/settings/profile', email: 'specialist@demo.test' });
  const expiry = page.getByLabel('Sign me out after (minutes of inactivity)');
  await expect(expiry).toHaveAttribute('placeholder', '30 (default)');

  await expiry.fill('2');
  await page.getByRole('button', { name: 'Save session length' }).click();
  await expect(page.getByText('Enter a session expiry from 5 to 720 minutes.')).toBeVisible();

  await expiry.fill('45');
  await page.getByRole('button', { name: 'Save session length' }).click();
  await expect(page.getByText('Your session length was saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Sign me out after (minutes of inactivity)')).toHaveValue('45');
});

test('a GP looks through each settings section', async ({ page }) => {
  await signIn(page, { to: '/settings' });
  await screenshot(page, 'settings-overview');

  await page.getByRole('link', { name: /Medical registration/ }).click();
  await expect(sectionHeading(page, 'Medical registration')).toBeVisible();
  await expect(page.getByLabel('AHPRA registration number')).toHaveValue('MED0001234567');
  await screenshot(page, 'settings-medical-registration');

  await page.goto('/settings/notifications');
  await expect(sectionHeading(page, 'Notifications')).toBeVisible();
  await expect(page.getByRole('switch').first()).toBeVisible();
  await screenshot(page, 'settings-notifications');

  await page.goto('/settings/establishments');
  await expect(sectionHeading(page, 'Establishments')).toBeVisible();
  await expect(page.getByRole('cell', { name: /^Harbourside Family Medical Practice/ })).toBeVisible();
  await screenshot(page, 'settings-establishments');
});

test('a GP adds a provider number, removes it again, and the default moves back to the remaining one', async ({
  page,
}) => {
  await signIn(page, { to: '/settings/medical-registration' });
  const numbers = page.getByRole('list', { name: 'Your provider numbers' });
  await expect(numbers.getByRole('listitem')).toHaveText(['2426621BDefaultRemove']);

  await page.getByLabel('Add a provider number').fill('2940975J');
  await page.getByRole('button', { name: 'Save medical registration' }).click();
  // A new number goes first and becomes the default (spec section 5 Profile save).
  await expect(numbers.getByRole('listitem')).toHaveText(['2940975JDefaultRemove', '2426621BRemove']);

  await page.getByRole('button', { name: 'Remove provider number 2940975J' }).click();
  await expect(numbers.getByRole('listitem')).toHaveText(['2426621BDefaultRemove']);
  await expect(page.getByText('2940975J is removed when you save.')).toBeVisible();
  await screenshot(page, 'settings-provider-number-removed');
  await page.getByRole('button', { name: 'Save medical registration' }).click();
  // Once saved, the form shows the stored list and nothing waits to be removed.
  await expect(page.getByText('2940975J is removed when you save.')).toBeHidden();
  await expect(numbers.getByRole('listitem')).toHaveText(['2426621BDefaultRemove']);

  await page.reload();
  await expect(numbers.getByRole('listitem')).toHaveText(['2426621BDefaultRemove']);
  await expect(page.getByRole('combobox', { name: 'Default provider number' })).toHaveValue('2426621B');
});

test('a user opening an unknown settings section sees the error text', async ({ page }) => {
  await signIn(page, { to: '/settings/unknown' });
  await expect(page.getByText('Error occurered')).toBeVisible();
  await screenshot(page, 'settings-unknown');
});

// An 8 by 8 blue PNG: small enough to write inline, real enough for the server to keep.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQqbuGFTEMLQkAxFVcAYKV8JYAAAAASUVORK5CYII=',
  'base64',
);

test('a user uploads a profile photo in Settings and sees it in the top bar', async ({
  page,
  browser,
  baseURL,
}) => {
  // The cardiologist, so the other tests' users keep their initials. A photo left by an earlier try (a
  // retry, a second run on the same database) is removed first: the test starts from initials every time.
  const cardiologist = await apiSessionFor(browser, baseURL ?? '', 'specialist@demo.test');
  const removed = await cardiologist.request.delete('/api/profile/avatar-image/', {
    headers: cardiologist.headers,
  });
  expect([204, 404]).toContain(removed.status());
  await cardiologist.close();

  await signIn(page, { to: '/settings/profile', email: 'specialist@demo.test' });
  const topBarPhoto = page.getByRole('banner').getByAltText('Your profile photo');
  await expect(topBarPhoto).toHaveCount(0);

  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('img', { name: 'Profile photo', exact: true })).toBeVisible();
  await expect(topBarPhoto).toBeVisible();
  await expect(topBarPhoto).toHaveJSProperty('naturalWidth', 8);

  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await screenshot(page, 'settings-avatar');

  // Still there after a reload: the photo is the stored one, fetched with the bearer token.
  await page.reload();
  await expect(page.getByRole('banner').getByAltText('Your profile photo')).toBeVisible();
});
