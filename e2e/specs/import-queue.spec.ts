import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectAccessible } from './accessibility';
import { choose, next, pageHeading } from './flow-steps';
import { letterPdf, mailReferral } from './intake-mail';
import { personIn, screenshot } from './sign-in-helpers';

const SPECIALIST = 'specialist@demo.test';

/** Every new screen and dialog is looked at and checked against WCAG 2.2 AA. */
async function check(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshot(page, name);
}

/** A referral letter mailed to the demo clinic, and the specialist on its import queue. */
async function mailedItem(browser: Parameters<typeof personIn>[0], baseURL: string, topic: string) {
  const subject = `${topic} ${randomUUID().slice(0, 8)}`;
  await mailReferral({ subject, letter: `Referral: ${subject}` });
  const page = await personIn(browser, baseURL, SPECIALIST, '/referrals/manual');
  const item = page.getByRole('button', { name: new RegExp(subject) });
  // The queue polls; the item is there within seconds of the mail.
  await expect(item).toBeVisible({ timeout: 15_000 });
  return { page, subject, item };
}

const queueSection = (page: Page) => page.getByRole('list', { name: 'Import queue' });
const activity = (page: Page) => page.getByRole('region', { name: 'Activity' });

test.use({ viewport: { width: 1366, height: 900 } });

test('a referral mailed to the clinic is previewed, converted for a new patient and triaged', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { page, subject, item } = await mailedItem(browser, baseURL ?? '', 'Chest pain on exertion');
  await expect(page.getByRole('link', { name: /Manual referrals \d+ unread/ })).toBeVisible();
  await check(page, 'import-queue');

  await item.click();
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  const preview = page.getByTitle('Preview of referral-letter.pdf');
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await check(page, 'import-item');

  await choose(page, 'Assigned to', 'Dr James Chen');
  await expect(activity(page).getByText('Assigned to Dr James Chen')).toBeVisible();

  await page.getByRole('button', { name: 'Convert to referral' }).click();
  const lastName = `Import-${randomUUID().slice(0, 6)}`;
  const patient = page.getByRole('group', { name: 'Patient' });
  await patient.getByRole('textbox', { name: 'First name' }).fill('Imogen');
  await patient.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  await patient.getByLabel('Date of birth').fill('1961-04-12');
  const referrer = page.getByRole('group', { name: 'Referrer' });
  await referrer.getByRole('textbox', { name: 'First name' }).fill('Sarah');
  await referrer.getByRole('textbox', { name: 'Last name' }).fill('Mitchell');
  await referrer.getByRole('textbox', { name: 'Practice' }).fill('Harbourside Family Medical');
  await page
    .getByRole('textbox', { name: 'Reason for referral' })
    .fill('Chest pain on exertion for 3 weeks.');
  await check(page, 'import-convert');
  await page.getByRole('button', { name: 'Record referral' }).click();

  await expect(page).toHaveURL(/\/referrals\/[0-9a-f-]{36}$/);
  const referralUrl = new URL(page.url()).pathname;
  await expect(page.getByText('Referral recorded')).toBeVisible();
  await expect(page.getByText(`Imogen ${lastName}`).first()).toBeVisible();
  await expect(page.getByText('Sarah Mitchell').first()).toBeVisible();
  await screenshot(page, 'import-referral');

  // The recorded referral is triaged like any other.
  await page.goto(`${referralUrl}/triage`);
  await expect(pageHeading(page, 'Triage details')).toBeVisible();
  await choose(page, 'Assignee', 'Dr James Chen');
  await choose(page, 'Priority', 'Urgent');
  await choose(page, 'Category', 'Category 1');
  await page.getByLabel('Wait time').fill('1 week');
  await next(page, 'Scheduling');
  await page.getByLabel('Appointment date and time').fill('2026-12-16T09:00');
  await page.getByLabel('Location').fill('Consulting room 1');
  await next(page, 'Message to the referrer');
  await next(page, 'Notifications');
  await next(page, 'Check and confirm');
  await page.getByRole('button', { name: 'Schedule appointment' }).click();
  await expect(page).toHaveURL(referralUrl);
  await expect(page.getByText('Referral scheduled')).toBeVisible();

  // The item left the queue; the converted list holds it with every step in its activity.
  await page.goto('/referrals/manual');
  await expect(queueSection(page).or(page.getByText('Nothing waiting.'))).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(subject) })).toHaveCount(0);
  // The filter's radios are drawn as a segmented control: its label is what takes the click.
  await page
    .locator('label')
    .filter({ hasText: /^Converted$/ })
    .click();
  await page.getByRole('button', { name: new RegExp(subject) }).click();
  await expect(page.getByText('Recorded as a referral.')).toBeVisible();
  for (const step of ['Received', 'Opened', 'Assigned to Dr James Chen', 'Converted to a referral']) {
    await expect(activity(page).getByText(step, { exact: true })).toBeVisible();
  }
  await screenshot(page, 'import-converted');
  await page.context().close();
});

test('an item that is not a referral is dismissed with a reason and put back', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { page, subject, item } = await mailedItem(browser, baseURL ?? '', 'Practice newsletter');
  await item.click();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dismiss this item' });
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Not a referral' }).check();
  await check(page, 'import-dismiss-dialog');
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('This item was dismissed: Not a referral.')).toBeVisible();
  await expect(activity(page).getByText('Dismissed: Not a referral')).toBeVisible();

  await page.getByRole('button', { name: 'Put back in the queue' }).click();
  await expect(page.getByText('This item was dismissed: Not a referral.')).toBeHidden();
  await expect(activity(page).getByText('Put back in the queue')).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(subject) })).toBeVisible();
  await page.context().close();
});

test('a paper referral is recorded by hand with its scan and lands in the inbox', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const page = await personIn(browser, baseURL ?? '', SPECIALIST, '/referrals/manual');
  await page.getByRole('tab', { name: 'Paper referral' }).click();
  await expect(page).toHaveURL(/#paper-referral$/);
  await expect(page.getByRole('heading', { name: 'Record a paper referral' })).toBeVisible();

  // Nothing typed: the server's messages land on the fields.
  await page.getByRole('button', { name: 'Record referral' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();

  const lastName = `Paper-${randomUUID().slice(0, 6)}`;
  const patient = page.getByRole('group', { name: 'Patient' });
  await patient.getByRole('textbox', { name: 'First name' }).fill('Walter');
  await patient.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  await patient.getByLabel('Date of birth').fill('1948-09-30');
  const referrer = page.getByRole('group', { name: 'Referrer' });
  await referrer.getByRole('textbox', { name: 'First name' }).fill('Anh');
  await referrer.getByRole('textbox', { name: 'Last name' }).fill('Nguyen');
  await page
    .getByRole('textbox', { name: 'Reason for referral' })
    .fill('Palpitations, for Holter monitoring.');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'scanned-letter.pdf',
    mimeType: 'application/pdf',
    buffer: letterPdf('Scanned referral letter'),
  });
  await check(page, 'paper-referral');
  await page.getByRole('button', { name: 'Record referral' }).click();

  await expect(page).toHaveURL(/\/referrals\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`Walter ${lastName}`).first()).toBeVisible();
  await expect(page.getByText('scanned-letter.pdf')).toBeVisible();
  // Opened once, it is under review in the inbox, like any referral the receiver has looked at.
  await page.goto('/referrals/inbox/under-review');
  await expect(page.getByText(`Walter ${lastName}`).first()).toBeVisible();
  await page.context().close();
});
