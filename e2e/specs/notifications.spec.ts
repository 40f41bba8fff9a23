import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { apiSessionFor, CLINIC_SPECIALIST, HOSPITAL_CARDIOLOGY, submitReferralAs } from './referral-api';
import { screenshot, signIn } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

type ReferralPage = { results: { id: string }[] };

/**
 * The referrer whose notifications this spec counts from nothing: Priya Patel, a general practice provider
 * at the demo practice whom no other spec signs in as or sends referrals for, so the other specs, running
 * beside this one on the same database, notify someone else.
 */
const REFERRER = 'priya.patel@demo.test';

/**
 * The receiver finds the referral `id` new in their inbox and opens it (POST referrals/{id}/view/), which
 * tells its referrer it is under review: a notification (spec section 4 Notifications).
 */
async function receiverViews(browser: Browser, baseURL: string, email: string, id: string) {
  const receiver = await apiSessionFor(browser, baseURL, email);
  const inbox = await receiver.request.get('/api/referrals/?box=inbox&list=new&page_size=100', {
    headers: receiver.headers,
  });
  expect(inbox.ok()).toBe(true);
  const listed = ((await inbox.json()) as ReferralPage).results.map((r) => r.id);
  expect(listed, `the new referral in ${email}'s inbox`).toContain(id);
  const viewed = await receiver.request.post(`/api/referrals/${id}/view/`, { headers: receiver.headers });
  expect(viewed.ok()).toBe(true);
  await receiver.close();
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

test('a referrer is told their referrals were opened, opens one from the bell and marks the rest read', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // Two referrals of the referrer's own, one to the clinic's specialist and one to the hospital.
  const sender = await apiSessionFor(browser, baseURL ?? '', REFERRER);
  const toClinic = await submitReferralAs(sender, { to: CLINIC_SPECIALIST });
  const toHospital = await submitReferralAs(sender, { to: HOSPITAL_CARDIOLOGY });
  await sender.close();
  await signIn(page, { email: REFERRER });

  // Nothing yet: the panel says so (sending a referral notifies the receivers, not the referrer).
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await bell(page).click();
  await expect(panel(page).getByText('No recent notifications')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await screenshot(page, 'notifications-empty');
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();

  // The specialist and the hospital each open theirs.
  await receiverViews(browser, baseURL ?? '', 'specialist@demo.test', toClinic);
  await receiverViews(browser, baseURL ?? '', 'hospital@demo.test', toHospital);

  // The bell is polled every 30 s: the badge rises without a reload.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread', { timeout: 40_000 });
  await bell(page).click();
  const list = panel(page).getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('button', { name: /^Unread:/ })).toHaveCount(2);
  await screenshot(page, 'notifications-unread');
  await expectAccessible(page, 'the notifications panel with unread notifications');

  // Opening the newest goes to its referral and marks it viewed.
  await list.getByRole('button').first().click();
  await expect(page).toHaveURL(`/referrals/${toHospital}`);
  await expect(panel(page)).toBeHidden();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  // Mark all as read clears the badge; the notifications stay, read.
  await bell(page).click();
  await expect(list.getByRole('button', { name: /^Unread:/ })).toHaveCount(1);
  await panel(page).getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('button', { name: /^Unread:/ })).toHaveCount(0);
  await expect(panel(page).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await screenshot(page, 'notifications-read');
  await expectAccessible(page, 'the notifications panel, all read');

  // On a phone the panel keeps inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await screenshot(page, 'notifications-phone');
});

test('a GP sees unread referral counts in the side navigation and turns on the outbox totals', async ({
  page,
}) => {
  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const outbox = nav.getByRole('group', { name: 'Outbox' });
  const showTotals = outbox.getByRole('button', { name: 'Show totals' });
  await expect(showTotals).toHaveAttribute('aria-pressed', 'false');
  await showTotals.click();
  await expect(showTotals).toHaveAttribute('aria-pressed', 'true');
  await expect(outbox.getByRole('link', { name: /^Referrals .*in total$/ })).toBeVisible();

  // Remembered in this browser.
  await page.reload();
  await expect(outbox.getByRole('button', { name: 'Show totals' })).toHaveAttribute('aria-pressed', 'true');
  await expect(outbox.getByRole('link', { name: /^Referrals .*in total$/ })).toBeVisible();
  await screenshot(page, 'side-navigation-totals');
  await expectAccessible(page, 'the side navigation with outbox totals');
});

test('a specialist sees the unread New, Under Review and Accepted of each establishment in the selector', async ({
  page,
}) => {
  // The specialist works at a clinic and has a personal space: the selector offers both.
  await signIn(page, { email: 'specialist@demo.test' });
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Current establishment/ })
    .click();
  const clinic = page.getByRole('menu').getByRole('menuitem', { name: /North Shore Heart Clinic/ });
  await expect(clinic).toContainText(/New \d+/);
  await expect(clinic).toContainText(/Under Review \d+/);
  await expect(clinic).toContainText(/Accepted \d+/);
  await screenshot(page, 'selector-unread-counters');
});
