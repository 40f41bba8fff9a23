import { expect, test, type Page } from '@playwright/test';
import { linkInMail } from './mailbox';
import { screenshot, signIn } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

const PRACTICE = 'Harbourside Family Medical Practice';
const CLINIC = 'North Shore Heart Clinic';
/** A GP of the demo clinic, invited to the practice as well. */
const INVITEE = { email: 'robert.king@demo.test', name: 'Dr Robert King' } as const;

const banner = (page: Page) => page.getByRole('banner');
const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const selector = (page: Page) => banner(page).getByRole('button', { name: /Current establishment/ });

async function logOut(page: Page) {
  await banner(page).getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(/\/auth\/interaction\//);
}

/** The Review Employment Invite link of the newest mail to `to`. */
const invitationLink = (to: string) =>
  linkInMail(to, /https?:\/\/[^\s"'<>]+\/review-invite\/[0-9a-f-]{36}/, 'an invitation mail');

test('a practice manager invites a GP, who accepts, switches establishment, sees the counters and later leaves', async ({
  page,
}) => {
  // Three people's sessions, mail delivery and a dozen screens: longer than one screen's test.
  test.setTimeout(120_000);
  // The account holder opens the admin portal from the avatar menu.
  await signIn(page, { email: 'pm@demo.test' });
  await banner(page).getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin portal' }).click();
  await expect(page).toHaveURL('/admin/users/all');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin portal' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dr Ben Cooper' })).toBeVisible();

  await page.getByRole('button', { name: 'Invite' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a colleague' });
  await invite.getByLabel('Email').fill(INVITEE.email);
  await invite.getByLabel('First name').fill('Robert');
  await invite.getByLabel('Last name').fill('King');
  await screenshot(page, 'admin-invite');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();
  await expect(invite).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(INVITEE.name) });
  await expect(row.getByText('Invited')).toBeVisible();

  // Inviting the same person again is refused on the form's field.
  await page.getByRole('button', { name: 'Invite' }).click();
  await invite.getByLabel('Email').fill(INVITEE.email);
  await invite.getByLabel('First name').fill('Robert');
  await invite.getByLabel('Last name').fill('King');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText(/already belongs to this establishment/)).toBeVisible();
  await invite.getByRole('button', { name: 'Cancel' }).click();

  // The pending request of the seed: the account holder opens it and approves it.
  await page.getByRole('link', { name: 'Dr Ben Cooper' }).click();
  const drawer = page.getByRole('dialog', { name: 'Staff member' });
  await expect(drawer.getByRole('heading', { name: 'Dr Ben Cooper' })).toBeVisible();
  await screenshot(page, 'admin-staff-member');
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Dr Ben Cooper was approved.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL('/admin/users/all');
  await expect(drawer).toBeHidden();
  // The new invitation waits in the list as Invited; the toasts have gone by the time of the picture.
  await expect(page.getByText('Dr Ben Cooper was approved.')).toBeHidden({ timeout: 10_000 });
  await screenshot(page, 'admin-portal');
  await logOut(page);

  // The GP follows the emailed link, signs in and accepts.
  const reviewPath = await invitationLink(INVITEE.email);
  await signIn(page, { to: reviewPath, email: INVITEE.email });
  await expect(page.getByRole('heading', { level: 1, name: `Join ${PRACTICE}?` })).toBeVisible();
  await expect(page.getByText(/Ms Karen O'Brien invited you|Karen O'Brien invited you/)).toBeVisible();
  await expect(page.getByText('your secondary establishment')).toBeVisible();
  await screenshot(page, 'review-invite');

  // Settings lists the same invitation, with the way back to this page.
  await page.goto('/settings/establishments');
  const invitations = page.getByRole('heading', { level: 2, name: 'Invitations' });
  await expect(invitations).toBeVisible();
  await screenshot(page, 'settings-establishments-invitation');
  await page.getByRole('link', { name: `Review the invitation from ${PRACTICE}` }).click();
  await expect(page).toHaveURL(reviewPath);
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invitation accepted' })).toBeVisible();

  // The selector now lists both, with their inbox counters.
  await page.goto('/');
  await expect(selector(page)).toContainText(CLINIC);
  await selector(page).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Principal', { exact: true })).toBeVisible();
  await expect(menu.getByText('Secondary', { exact: true })).toBeVisible();
  const clinicEntry = menu.getByRole('menuitem', { name: new RegExp(CLINIC) });
  await expect(clinicEntry).toContainText(/New \d+/);
  await expect(clinicEntry).toContainText(/Under Review \d+/);
  await expect(clinicEntry).toContainText(/Accepted \d+/);
  await screenshot(page, 'selector-open');
  await menu.getByRole('menuitem', { name: new RegExp(PRACTICE) }).click();
  await expect(selector(page)).toContainText(PRACTICE);

  // Settings > establishments shows both; leaving the practice moves it under Closed.
  await page.goto('/settings/establishments');
  await expect(page.getByRole('heading', { level: 1, name: 'Establishments' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Secondary ${PRACTICE}`) })).toBeVisible();
  await screenshot(page, 'settings-establishments-joined');
  await page.getByRole('button', { name: `Leave ${PRACTICE}` }).click();
  await page
    .getByRole('dialog', { name: `Leave ${PRACTICE}?` })
    .getByRole('button', { name: 'Leave' })
    .click();
  await expect(page.getByText(`You no longer work at ${PRACTICE} in Referrals.`)).toBeVisible();
  await page.getByRole('button', { name: 'Closed (1)' }).click();
  await expect(page.getByText('Finished')).toBeVisible();
  await expect(selector(page)).toContainText(CLINIC);
  await screenshot(page, 'settings-establishments-closed');

  await selector(page).click();
  await page
    .getByRole('menu')
    .getByRole('menuitem', { name: /Closed/ })
    .click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: new RegExp(PRACTICE) })).toBeDisabled();
  await screenshot(page, 'selector-closed');
  await page.getByRole('menu').getByRole('menuitem', { name: 'Active' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: new RegExp(CLINIC) })).toBeVisible();
  await page.keyboard.press('Escape');

  // With the secondary place free again, the GP asks to join a hospital department.
  await page.getByLabel('Search establishments').fill('Cardiology');
  const join = page.getByRole('button', { name: 'Ask to join Cardiology' });
  await expect(join).toBeVisible();
  await expect(page.getByText(/Department of Royal Eastern Hospital/)).toBeVisible();
  await screenshot(page, 'settings-establishments-join');
  await join.click();
  await expect(page.getByText('Request sent')).toBeVisible();
  await expect(page.getByRole('row', { name: /Secondary Cardiology/ })).toContainText('Requested');
});

test('a practice administrator at their personal space gets the limited mode and is asked to switch', async ({
  page,
}) => {
  await signIn(page, { email: 'pa@demo.test', to: '/referrals/outbox/all' });
  await selector(page).click();
  await page
    .getByRole('menu')
    .getByRole('menuitem', { name: /Tom Nguyen \(Professional\)/ })
    .click();

  // Only Help Desk, Dashboard and Settings are left, on the dashboard, with the question.
  await expect(page).toHaveURL('/');
  const dialog = page.getByRole('dialog', { name: 'Switch establishments?' });
  await expect(dialog).toBeVisible();
  await expect(navigation(page).getByRole('link')).toHaveText(['Dashboard', 'Help Desk', 'Settings']);
  await screenshot(page, 'limited-mode-dialog');

  await dialog.getByRole('button', { name: 'Proceed with Professional account' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/patients');
  await expect(page).toHaveURL('/');
  await expect(dialog).toBeHidden();
  await screenshot(page, 'limited-mode');

  // Back at the clinic, everything returns.
  await selector(page).click();
  await page
    .getByRole('menu')
    .getByRole('menuitem', { name: new RegExp(CLINIC) })
    .click();
  await expect(selector(page)).toContainText(CLINIC);
  await expect(navigation(page).getByRole('group', { name: 'Inbox' })).toBeVisible();
});
