import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { screenshot, signIn } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

/** The clinic's practice manager and account holder, who sets up a second place. */
const MANAGER = 'linda.park@demo.test';
/** A specialist in training at the clinic, with a free secondary place to join another. */
const JOINER = 'omar.haddad@demo.test';
const ADMIN = 'admin@demo.test';
const NEW_PLACE = 'Bayside Family Clinic';
const SETTINGS = '/settings/establishments';

// A 1x1 PNG: what the logo upload checks is that the file is an image.
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const banner = (page: Page) => page.getByRole('banner');

async function logOut(page: Page) {
  await banner(page).getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(/\/auth\/interaction\//);
}

/** Toasts fade by themselves; a screen is checked and pictured without them. */
async function toastsGone(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

async function searchToJoin(page: Page) {
  await page.getByLabel('Search establishments').fill('Bayside');
}

test('a practice manager creates an establishment, which is offered for joining only once the platform administrator approves it', async ({
  page,
}) => {
  // Three people's sessions and five screens: longer than one screen's test.
  test.setTimeout(120_000);

  // The practice manager creates it from Settings > establishments.
  await signIn(page, { to: SETTINGS, email: MANAGER });
  await page.getByRole('button', { name: 'Create an establishment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an establishment' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(NEW_PLACE);
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Clinic', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Ocean Street');
  await dialog.getByRole('textbox', { name: 'Suburb or city' }).fill('Bondi');
  await dialog.getByRole('textbox', { name: 'Postcode' }).fill('20');
  await dialog.getByRole('switch', { name: /Accepts join requests/ }).check({ force: true });
  await dialog.getByRole('switch', { name: /Accepts referrals in the app/ }).check({ force: true });
  await dialog.getByRole('button', { name: 'Create establishment' }).click();
  await expect(dialog.getByText('Enter a 4-digit Australian postcode.')).toBeVisible();
  await expectAccessible(page, 'create establishment dialog');
  await screenshot(page, 'establishment-create-dialog');
  await dialog.getByRole('textbox', { name: 'Postcode' }).fill('2026');
  await dialog.getByRole('button', { name: 'Create establishment' }).click();

  // It waits for approval; its account holder runs it meanwhile.
  await expect(page).toHaveURL(/\/settings\/establishments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: NEW_PLACE })).toBeVisible();
  await expect(page.getByText('Waiting for approval', { exact: true })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'bayside.png',
    mimeType: 'image/png',
    buffer: LOGO_PNG,
  });
  await expect(page.getByRole('img', { name: `Logo of ${NEW_PLACE}` })).toBeVisible();
  await page.getByRole('switch', { name: /Case conferences/ }).check({ force: true });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Your changes to ${NEW_PLACE} were saved.`)).toBeVisible();
  await toastsGone(page);
  await expectAccessible(page, 'manage establishment');
  await page.getByRole('heading', { level: 1, name: NEW_PLACE }).scrollIntoViewIfNeeded();
  await screenshot(page, 'establishment-manage');
  await page.getByRole('button', { name: 'Delete establishment' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${NEW_PLACE}?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'delete establishment dialog');
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await logOut(page);

  // Not approved yet: not offered for joining.
  await signIn(page, { to: SETTINGS, email: JOINER });
  await searchToJoin(page);
  await expect(
    page.getByText('No establishment accepting requests to join matches “Bayside”.'),
  ).toBeVisible();
  await logOut(page);

  // The platform administrator approves and verifies it from the queue.
  await signIn(page, { email: ADMIN });
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Establishment approvals' })
    .click();
  await expect(page).toHaveURL('/approvals');
  const row = page.getByRole('row', { name: new RegExp(NEW_PLACE) });
  await expect(row.getByText('Linda Park')).toBeVisible();
  await expect(row.getByText('Waiting for approval', { exact: true })).toBeVisible();
  await expectAccessible(page, 'establishment approvals');
  await screenshot(page, 'establishment-approvals');
  await row.getByRole('button', { name: `Approve ${NEW_PLACE}` }).click();
  await expect(page.getByText(`${NEW_PLACE} can now be found, joined and sent referrals.`)).toBeVisible();
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();
  await toastsGone(page);
  await screenshot(page, 'establishment-approved-waiting-verification');
  await row.getByRole('button', { name: `Verify ${NEW_PLACE}` }).click();
  await expect(page.getByText(`${NEW_PLACE} is verified.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(NEW_PLACE) })).toBeHidden();
  await logOut(page);

  // Approved: offered for joining, and the request is sent.
  await signIn(page, { to: SETTINGS, email: JOINER });
  await searchToJoin(page);
  await page.getByRole('button', { name: `Ask to join ${NEW_PLACE}` }).click();
  await expect(page.getByRole('row', { name: new RegExp(NEW_PLACE) }).getByText('Requested')).toBeVisible();
  await screenshot(page, 'establishment-joined-after-approval');
});

test('the navigation offers Establishment approvals to the platform administrator only', async ({ page }) => {
  await signIn(page, { email: MANAGER });
  await expect(page.getByRole('link', { name: 'Establishment approvals' })).toHaveCount(0);
});
