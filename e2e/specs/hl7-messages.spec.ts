import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectAccessible } from './accessibility';
import { apiSessionFor, submitReferralAs } from './referral-api';
import { GP, personIn, screenshot } from './sign-in-helpers';

const SPECIALIST = 'specialist@demo.test';

test.use({ viewport: { width: 1366, height: 900 } });

/** Every new screen state is looked at and checked against WCAG 2.2 AA. */
async function check(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshot(page, name);
}

/** Hands `text` to the queue's "Add an HL7 message" as the file `name`. */
async function addMessage(page: Page, name: string, text: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add an HL7 message' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/hl7-v2', buffer: Buffer.from(text) });
}

test('a referral saved as an HL7 message by the practice is added to the clinic’s queue, read and converted with its details filled in', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The practice: a referral to North Shore Heart Clinic, saved from its page as an HL7 v2 message, as a
  // practice's secure messaging would carry it.
  const practice = await apiSessionFor(browser, baseURL ?? '', GP.email);
  const referralId = await submitReferralAs(practice);
  await practice.close();
  const gp = await personIn(browser, baseURL ?? '', GP.email, `/referrals/${referralId}`);
  const download = gp.waitForEvent('download');
  await gp.getByRole('button', { name: 'Download as an HL7 v2 message' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`referral-${referralId}.hl7`);
  const message = await readFile((await saved.path()) ?? '', 'utf8');
  expect(message).toMatch(/^MSH\|\^~\\&\|/);
  expect(message).toContain('|REF^I12^REF_I12|');
  const patientName = /\rPID\|(?:[^|]*\|){4}([^^|]*)\^([^^|]*)/.exec(message);
  expect(patientName).not.toBeNull();
  const [, lastName = '', firstName = ''] = patientName ?? [];
  await gp.context().close();

  // The clinic: the file dropped into the import queue becomes an item, opened at once.
  const page = await personIn(browser, baseURL ?? '', SPECIALIST, '/referrals/manual');
  await addMessage(page, 'referral.hl7', message);
  await expect(page.getByText('HL7 message added')).toBeVisible();
  const details = page.getByRole('region', { name: 'From the HL7 message' });
  await expect(details).toBeVisible();
  await expect(details.getByText(`${firstName} ${lastName}`)).toBeVisible();
  await expect(details.getByText('Sarah Mitchell')).toBeVisible();
  await expect(
    page.getByText(/^HL7 message from Dr Sarah Mitchell at Harbourside Family Medical Practice · received/),
  ).toBeVisible();
  await check(page, 'hl7-import-item');

  // The same message again opens the same item: the queue holds it once.
  const itemUrl = page.url();
  await addMessage(page, 'referral-again.hl7', message);
  await expect(page.getByText('Already in the queue')).toBeVisible();
  await expect(page).toHaveURL(itemUrl);

  // Converting starts from what the message said; the staff check it and record the referral.
  await page.getByRole('button', { name: 'Convert to referral' }).click();
  await expect(page.getByText('Filled in from the HL7 message')).toBeVisible();
  const patient = page.getByRole('group', { name: 'Patient' });
  await expect(patient.getByRole('textbox', { name: 'First name' })).toHaveValue(firstName);
  await expect(patient.getByRole('textbox', { name: 'Last name' })).toHaveValue(lastName);
  const referrer = page.getByRole('group', { name: 'Referrer' });
  await expect(referrer.getByRole('textbox', { name: 'Last name' })).toHaveValue('Mitchell');
  await check(page, 'hl7-import-convert');
  await page.getByRole('button', { name: 'Record referral' }).click();
  await expect(page).toHaveURL(/\/referrals\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Referral recorded')).toBeVisible();
  await expect(page.getByText(`${firstName} ${lastName}`).first()).toBeVisible();
  await page.context().close();
});

test('a file that is no HL7 referral message is refused with the reason, and nothing is added', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const page = await personIn(browser, baseURL ?? '', SPECIALIST, '/referrals/manual');
  await addMessage(page, 'notes.hl7', 'These are my notes, not a message.');
  const refusal = page.getByRole('alert').filter({ hasText: 'The message was not added' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('HL7');
  await check(page, 'hl7-import-refused');
  await page.context().close();
});
