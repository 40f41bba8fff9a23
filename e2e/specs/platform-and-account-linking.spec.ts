import { expect, test, type Page } from '@playwright/test';
import { screenshot, signIn, submitLoginForm } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

const PASSWORD = 'Correct-Horse-Battery-9';

test('a GP chooses their platform from Settings on a screen without the app chrome', async ({ page }) => {
  await signIn(page, { to: '/settings/profile' });
  await expect(page.getByText('Not chosen yet')).toBeVisible();
  await page.getByRole('link', { name: 'Choose your platform' }).click();

  await expect(page).toHaveURL(/\/platform\?next=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your platform' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Best Practice' }).click();
  await screenshot(page, 'platform-selection');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL('/settings/profile');
  await expect(page.getByText('Best Practice', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change platform' })).toBeVisible();
});

/** Signs up and registers a practice manager with the given address; ends on the screen after Finish. */
async function registerPracticeManager(page: Page, email: string) {
  // Signing up and walking the whole wizard first takes most of a normal test's time on a busy machine.
  test.slow();
  await page.goto('/auth/signup');
  await page.getByLabel('First name', { exact: true }).fill('Grace');
  await page.getByLabel('Last name', { exact: true }).fill('Whitlam');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  await page.goto('/');
  await submitLoginForm(page, email, PASSWORD);
  await expect(page).toHaveURL('/welcome');
  await page.getByRole('link', { name: 'Get started' }).click();
  await page.getByLabel('Mobile phone').fill('0455 666 777');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Practice manager', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel('Search practices and establishments').fill('Harbourside');
  await page
    .getByRole('button', { name: 'Choose Harbourside Family Medical Practice as primary practice' })
    .click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Finish registration' }).click();
  await expect(page).toHaveURL('/');
}

test('a practice manager with a NSW Health address is asked to link the account, confirms it with the password and sees it linked', async ({
  page,
}) => {
  const email = `grace.whitlam.${Date.now()}@health.nsw.gov.au`;
  await registerPracticeManager(page, email);

  // Start-up redirect (the next time the app opens): a health-organisation address goes to account
  // linking, a screen without the app chrome.
  await page.goto('/patients');
  await expect(page).toHaveURL('/account-linking');
  await expect(page.getByText(/belongs to NSW Health/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await screenshot(page, 'account-linking');
  await page.getByRole('button', { name: 'Link my account' }).click();

  // The hosted login in email-and-password-only mode: the address filled in, and why it asks again.
  await expect(page.getByRole('status')).toContainText("link your account to your health organisation's");
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await screenshot(page, 'account-linking-login');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL('/account-linking');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is linked' })).toBeVisible();
  await screenshot(page, 'account-linking-linked');
  await page.getByRole('button', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test("'Not now' on account linking lets the user into the app for the rest of the tab's life", async ({
  page,
}) => {
  const email = `ben.chifley.${Date.now()}@health.qld.gov.au`;
  await registerPracticeManager(page, email);
  await page.reload();
  await expect(page).toHaveURL('/account-linking');
  await expect(page.getByText(/belongs to Queensland Health/)).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/patients');
  await expect(page).toHaveURL('/patients');
});
