import { expect, test, type Page } from '@playwright/test';
import { screenshot, signIn } from './sign-in-helpers';

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const navToggle = (page: Page) => page.getByRole('button', { name: 'Toggle navigation' });
const navGroup = (page: Page, name: string) => navigation(page).getByRole('group', { name });

test.use({ viewport: { width: 1366, height: 800 } });

// The main layout is for signed-in users only; every test here starts signed in as the demo specialist, who
// receives referrals and so has every item of the navigation (a GP without accept_referral has no Inbox,
// spec section 6 Rules).
const SPECIALIST = { email: 'specialist@demo.test', name: 'Dr James Chen' } as const;

test.beforeEach(async ({ page }) => {
  await signIn(page, { email: SPECIALIST.email });
});

test('a user opening the app at / sees the dashboard with the navigation', async ({ page }) => {
  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard · Referrals');
  await expect(navigation(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(navigation(page).getByRole('link', { name: 'New Referral' })).toHaveAttribute(
    'href',
    '/referrals/create',
  );
  // Anchored: the link's name may end in its unread count, and Manual referrals also holds the word.
  await expect(navGroup(page, 'Inbox').getByRole('link', { name: /^Referrals/ })).toHaveAttribute(
    'href',
    '/referrals/inbox/all',
  );
  await expect(navGroup(page, 'Inbox').getByRole('link', { name: /^Manual referrals/ })).toHaveAttribute(
    'href',
    '/referrals/manual',
  );
  await expect(navGroup(page, 'Inbox').getByRole('link', { name: 'Case Conferences' })).toHaveAttribute(
    'href',
    '/referrals/inbox/case-conference-active',
  );
  await expect(navGroup(page, 'Outbox').getByRole('link', { name: 'Reports' })).toHaveAttribute(
    'href',
    '/clinical-reports/outbox/all',
  );
  await expect(navGroup(page, 'Drafts').getByRole('link', { name: 'Referrals' })).toHaveAttribute(
    'href',
    '/referrals/outbox/drafts',
  );
  await expect(navGroup(page, 'Drafts').getByRole('link', { name: 'Reports' })).toHaveAttribute(
    'href',
    '/clinical-reports/outbox/drafts',
  );
  for (const name of ['Archive', 'Patients', 'Providers', 'Other HCPs', 'Deleted Items']) {
    await expect(navigation(page).getByRole('link', { name })).toBeVisible();
  }

  await screenshot(page, 'layout-expanded');

  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Help Desk' })).toHaveAttribute('href', '/help');
  await expect(banner.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  await expect(banner.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await banner.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(SPECIALIST.name)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
});

test('a user pointing at the top bar sees its hints, and opens and leaves the account menu from the keyboard', async ({
  page,
}) => {
  const banner = page.getByRole('banner');
  // The hints and the menu load after the first screen (docs/referral-screens.md): they must still work
  // on the first try, and the button must keep the focus the menu hands back.
  await banner.getByRole('link', { name: 'Help Desk' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Help Desk' })).toBeVisible();
  await banner.getByRole('button', { name: 'Log out' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('tooltip', { name: 'Help Desk' })).toBeHidden();

  const account = banner.getByRole('button', { name: 'Account menu' });
  await account.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(account).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
});

test('a user following a deep link to the referrals inbox lands on it', async ({ page }) => {
  await page.goto('/referrals/inbox/all');

  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  // The link's name carries its unread count when there is one ("Referrals, 2 unread").
  await expect(navGroup(page, 'Inbox').getByRole('link', { name: /^Referrals/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a user moves between screens with the navigation', async ({ page }) => {
  await page.goto('/');

  await navGroup(page, 'Outbox').getByRole('link', { name: 'Case Conferences' }).click();
  await expect(page).toHaveURL('/referrals/outbox/case-conference-active');
  await expect(page.getByRole('heading', { level: 1, name: 'Case conferences' })).toBeVisible();

  await navigation(page).getByRole('link', { name: 'Patients' }).click();
  await expect(page).toHaveURL('/patients');
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
});

test('a user collapses the navigation with Alt+\\, it stays collapsed after a reload, and expands again', async ({
  page,
}) => {
  await page.goto('/');
  await expect(navToggle(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(navigation(page).getByText('Inbox', { exact: true })).toBeVisible();

  await page.keyboard.press('Alt+Backslash');
  await expect(navToggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(navigation(page).getByText('Inbox', { exact: true })).toBeHidden();
  // Collapsed is an icon rail: every destination is still there and still named.
  await expect(navigation(page).getByRole('link', { name: 'Inbox: Referrals' })).toBeVisible();
  await expect.poll(async () => (await navigation(page).boundingBox())?.width).toBeLessThan(100);
  await screenshot(page, 'layout-collapsed');

  await page.reload();
  await expect(navToggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(navigation(page).getByText('Inbox', { exact: true })).toBeHidden();

  await page.keyboard.press('Alt+Backslash');
  await expect(navToggle(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(navigation(page).getByText('Inbox', { exact: true })).toBeVisible();

  await page.reload();
  await expect(navToggle(page)).toHaveAttribute('aria-expanded', 'true');
});

test('a user collapses and expands the navigation with the toggle button', async ({ page }) => {
  await page.goto('/');

  await navToggle(page).click();
  await expect(navToggle(page)).toHaveAttribute('aria-expanded', 'false');
  await navToggle(page).click();
  await expect(navToggle(page)).toHaveAttribute('aria-expanded', 'true');
});

test('a user visiting an unknown address sees the page not found screen and can go home', async ({
  page,
}) => {
  await page.goto('/no-such-screen');

  await expect(page).toHaveURL('/404');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await screenshot(page, 'not-found');

  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('a user opening an unknown referral list sees the page not found screen', async ({ page }) => {
  await page.goto('/referrals/inbox/not-a-list');

  await expect(page).toHaveURL('/404');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('a user opening an unknown settings section sees the error text', async ({ page }) => {
  await page.goto('/settings/not-a-section');

  await expect(page.getByText('Error occurered')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the navigation opens over the screen from the menu button and closes after choosing a destination', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(navigation(page)).toBeHidden();

    await navToggle(page).click();
    await expect(navigation(page)).toBeVisible();
    await screenshot(page, 'layout-phone-navigation');
    await navigation(page).getByRole('link', { name: 'Patients' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    await expect(navigation(page)).toBeHidden();
    await screenshot(page, 'layout-phone-patients');
  });
});
