import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { freshSubmittedReferral } from './referral-api';
import { screenshot, signIn } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

const SPECIALIST = 'specialist@demo.test';

const table = (page: Page) => page.getByRole('table');
const bodyRows = (page: Page) => table(page).locator('tbody tr');

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a specialist scans the inbox and opens a new referral, and the GP sees that change unread in the outbox', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A referral of its own, new in the inbox whatever the specs beside this one do with the demo data.
  const id = await freshSubmittedReferral(browser, baseURL ?? '');
  const listCall = page.waitForRequest((request) => request.url().includes('/api/referrals/?'));
  await signIn(page, { to: '/referrals/inbox/all', email: SPECIALIST });
  const authorization = (await listCall).headers().authorization ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();
  for (const column of ['Patient', 'Referrer', 'Status', 'Triage category', 'Submitted', 'Appointment']) {
    await expect(table(page).getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(table(page).getByText('Pending action').first()).toBeVisible();
  await expectAccessible(page, 'inbox, all');
  await screenshot(page, 'referral-lists-inbox');

  await page.getByRole('navigation', { name: 'Inbox lists' }).getByRole('link', { name: 'New' }).click();
  await expect(page).toHaveURL('/referrals/inbox/new');
  await expect(bodyRows(page).first()).toBeVisible();
  // Retried as a whole: the previous list's rows stay on screen until the new list's arrive, so a
  // snapshot of the rows taken at once may hold rows that are about to go.
  await expect(bodyRows(page).filter({ hasNotText: 'Submitted' })).toHaveCount(0);
  await expectAccessible(page, 'inbox, new');
  await screenshot(page, 'referral-lists-inbox-new');

  // Ours, opened: the other new ones may be another spec's, which expects them still new.
  const href = `/referrals/${id}`;
  const first = bodyRows(page).locator(`a[href="${href}"]`).first();
  await expect(first).toBeVisible();
  // The referral screen is another piece of work; its first open is the API's view call.
  const viewed = await page.request.post(`/api${href}/view/`, { headers: { authorization } });
  expect(viewed.status()).toBe(200);
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(href);

  // A second person at another practice: their own browser, as the app sees the first one's.
  const gpContext = await browser.newContext({
    baseURL,
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
    viewport: { width: 1366, height: 900 },
  });
  const gpPage = await gpContext.newPage();
  await signIn(gpPage, { to: '/referrals/outbox/under-review' });
  const row = bodyRows(gpPage).filter({ has: gpPage.locator(`a[href="${href}"]`) });
  await expect(row.getByRole('img', { name: 'Unread' })).toBeVisible();
  await expect(row).toContainText('Under review');
  await expect(row.locator(`a[href="${href}"]`).first()).toHaveCSS('font-weight', '700');
  await expectAccessible(gpPage, 'outbox, under review, with an unread referral');
  await screenshot(gpPage, 'referral-lists-outbox-unread');
  await gpContext.close();
});

test('a GP searches the outbox by patient, and the filter is remembered after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, { to: '/referrals/outbox/all' });
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: 'Receiver' })).toBeVisible();
  await expect(page.getByText(/^\d+ referrals$/)).toBeVisible();
  // More than 10 sent referrals in the demo: a second page.
  await expect(page.getByRole('button', { name: 'Page 2' })).toBeVisible();
  await expectAccessible(page, 'outbox, all');
  await screenshot(page, 'referral-lists-outbox');

  const patient = (await bodyRows(page).first().getByRole('link').first().textContent()) ?? '';
  const lastName = patient.split(' ').at(-1) ?? '';
  await choose(page, 'Search by', 'Patient');
  const searched = page.waitForResponse((response) => response.url().includes('patient_name='));
  await page.getByLabel('Search referrals').fill(lastName);
  await searched;
  await page.getByRole('switch', { name: 'Show referral ID' }).check({ force: true });
  await expect(table(page).getByRole('columnheader', { name: 'Referral ID' })).toBeVisible();
  await expect(bodyRows(page).first()).toContainText(lastName);
  for (const row of await bodyRows(page).all()) await expect(row).toContainText(lastName);
  await expectAccessible(page, 'outbox, searched by patient');
  await screenshot(page, 'referral-lists-outbox-search');

  const remembered = page.waitForResponse((response) => response.url().includes('patient_name='));
  await page.reload();
  await remembered;
  await expect(page.getByLabel('Search referrals')).toHaveValue(lastName);
  await expect(page.getByRole('combobox', { name: 'Search by' })).toHaveValue('Patient');
  await expect(table(page).getByRole('columnheader', { name: 'Referral ID' })).toBeVisible();
  for (const row of await bodyRows(page).all()) await expect(row).toContainText(lastName);

  await page.getByLabel('Search referrals').fill('zzzz');
  await expect(page.getByText('No referrals match these filters')).toBeVisible();
  await expectAccessible(page, 'outbox, nothing matches');
  await screenshot(page, 'referral-lists-outbox-no-match');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Search referrals')).toHaveValue('');
  await expect(bodyRows(page).first()).toBeVisible();
});

test('a GP finds their drafts, opening one in Referral Creation, and an empty Archive and Deleted Items', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, { to: '/referrals/outbox/drafts' });
  await expect(page.getByRole('heading', { level: 1, name: 'Drafts' })).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();
  await expect(bodyRows(page).first().getByRole('link').first()).toHaveAttribute(
    'href',
    /^\/referrals\/create\/[\w-]+$/,
  );
  await expectAccessible(page, 'drafts');
  await screenshot(page, 'referral-lists-drafts');

  await page.goto('/referrals/archive');
  await expect(page.getByRole('heading', { level: 1, name: 'Archive' })).toBeVisible();
  await expect(page.getByText('Nothing archived')).toBeVisible();
  await expectAccessible(page, 'archive, empty');
  await screenshot(page, 'referral-lists-archive');

  await page.goto('/referrals/trash');
  await expect(page.getByRole('heading', { level: 1, name: 'Deleted Items' })).toBeVisible();
  await expect(page.getByText('No deleted items')).toBeVisible();
  await expectAccessible(page, 'deleted items, empty');
  await screenshot(page, 'referral-lists-trash');
});

test('a specialist tags a referral and finds it under My tags by that label, remembered after a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const id = await freshSubmittedReferral(browser, baseURL ?? '');
  // A label of this run's own: the suite shares one database.
  const label = `Bloods ${Date.now() % 100_000}`;
  await signIn(page, { to: `/referrals/${id}`, email: SPECIALIST });
  await page.getByRole('textbox', { name: 'New tag' }).fill(label);
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByRole('button', { name: `Remove tag ${label}` })).toBeVisible();

  await page.goto('/referrals/inbox/all');
  await expect(bodyRows(page).first()).toBeVisible();
  // Found by typing part of it, as a label past the first 100 would be: the server is asked what was typed.
  const myTags = page.getByRole('combobox', { name: 'My tags' });
  const searched = page.waitForRequest((request) =>
    request.url().includes(`/api/referrals/tags/?page_size=100&search=${label.split(' ')[1]}`),
  );
  await myTags.click();
  await myTags.fill(label.split(' ')[1] ?? '');
  await searched;
  await expect(page.getByRole('option', { name: label, exact: true })).toBeVisible();
  await expectAccessible(page, 'inbox, My tags searched');
  await screenshot(page, 'referral-lists-my-tags-search');
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first().getByRole('link').first()).toHaveAttribute('href', `/referrals/${id}`);
  await expectAccessible(page, 'inbox, one of my tags');
  await screenshot(page, 'referral-lists-my-tag');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'My tags' })).toHaveValue(label);
  await expect(bodyRows(page)).toHaveCount(1);
});
