import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { chooseRoyalEasternDepartment, nextButton, stepHeading } from './referral-wizard-steps';
import { screenshot, signIn } from './sign-in-helpers';

// Tall enough that the screenshot holds the whole order (the app's shell keeps a full-page capture from it).
test.use({ viewport: { width: 1366, height: 1300 } });

// A reload loads the wizard's chunk, the draft and its step's data afresh: slow on a busy machine.
const afterReload = { timeout: 20_000 };

/** Step 0: the demo's receiver with digital ordering, Royal Eastern Hospital's Hospital in the Home. */
async function chooseHospitalInTheHome(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'New referral' })).toBeVisible();
  await chooseRoyalEasternDepartment(page, 'Hospital in the Home');
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/referrals\/create\/[0-9a-f-]+\?step=1$/);
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

/**
 * Waits for the draft save that carries `text`: saves run after each pause in typing, so the next save to be
 * answered may be an earlier one.
 */
const savedWith = (page: Page, text: string) =>
  page.waitForResponse(
    (response) =>
      response.ok() &&
      response.request().method() === 'PATCH' &&
      /\/api\/referrals\/[^/]+\/$/.test(response.url()) &&
      (response.request().postData() ?? '').includes(text),
  );

const medication = (page: Page, index: number) => page.getByRole('group', { name: `Medication ${index}` });

test('a GP orders medicines from a receiver with digital ordering on the medication-order page, and submits', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, { to: '/referrals/create' });
  const id = await chooseHospitalInTheHome(page);

  await page.getByRole('textbox', { name: 'Find a patient' }).fill('Watson');
  await page
    .getByRole('radio', { name: /Emily Watson/ })
    .first()
    .check();
  await nextButton(page).click();
  await expect(stepHeading(page, 'The receiver’s forms')).toBeVisible();
  await nextButton(page).click();

  // Section 4: the medication-order page comes after the forms, and the later steps move down by one.
  await expect(stepHeading(page, 'Medication order')).toBeVisible();
  await expect(page).toHaveURL(`/referrals/create/${id}?step=3`);
  await page.getByRole('combobox', { name: 'Category of care' }).click();
  await page.getByRole('option', { name: 'Medication support: enoxaparin' }).click();
  await page.getByLabel('Start date').fill('2026-12-07');
  await medication(page, 1).getByRole('textbox', { name: 'Medicine' }).fill('Enoxaparin');
  await medication(page, 1).getByRole('textbox', { name: 'Dose' }).fill('40 mg');
  await medication(page, 1).getByRole('textbox', { name: 'Route' }).fill('Subcutaneous');
  await medication(page, 1).getByRole('textbox', { name: 'Frequency' }).fill('Once daily');
  await page.getByRole('button', { name: 'Add a medication' }).click();
  await medication(page, 2).getByRole('textbox', { name: 'Medicine' }).fill('Paracetamol');
  await medication(page, 2).getByRole('textbox', { name: 'Dose' }).fill('1 g');
  await medication(page, 2).getByRole('textbox', { name: 'Route' }).fill('Oral');
  await medication(page, 2).getByRole('textbox', { name: 'Frequency' }).fill('Four times daily as needed');
  await page.getByRole('textbox', { name: 'Duration' }).fill('14 days');
  const notes = 'Weight 72 kg; eGFR 68. Please check platelets on day 5.';
  const savingOrder = savedWith(page, notes);
  await page.getByRole('textbox', { name: 'Notes for the service' }).fill(notes);
  await savingOrder;
  await expectAccessible(page, 'create referral: the medication order');
  await page.evaluate(() => window.scrollTo({ top: 0 }));
  await screenshot(page, 'wizard-medication-order');

  await page.reload();
  await expect(medication(page, 2).getByRole('textbox', { name: 'Medicine' })).toHaveValue(
    'Paracetamol',
    afterReload,
  );
  await expect(page.getByRole('combobox', { name: 'Category of care' })).toHaveValue(
    'Medication support: enoxaparin',
  );
  await expect(page.getByLabel('Start date')).toHaveValue('2026-12-07');
  await expect(page.getByRole('textbox', { name: 'Notes for the service' })).toHaveValue(notes);

  await nextButton(page).click();
  await expect(stepHeading(page, 'Attachments')).toBeVisible();
  await expect(page).toHaveURL(`/referrals/create/${id}?step=4`);
  await nextButton(page).click();
  await expect(stepHeading(page, 'Message and provider details')).toBeVisible();
  await nextButton(page).click();
  await expect(stepHeading(page, 'Renewal and notifications')).toBeVisible();
  await expect(page).toHaveURL(`/referrals/create/${id}?step=6`);
  await page.getByRole('button', { name: 'Submit referral' }).click();
  await expect(page).toHaveURL(`/referrals/${id}`);
  const order = page.getByRole('region', { name: 'Medication order' });
  await expect(order).toContainText('Medication support: enoxaparin');
  await expect(order.getByRole('row', { name: /Paracetamol/ })).toContainText('Four times daily as needed');
  await expectAccessible(page, 'the referral page with its medication order');
  await order.scrollIntoViewIfNeeded();
  await screenshot(page, 'referral-medication-order');
});
