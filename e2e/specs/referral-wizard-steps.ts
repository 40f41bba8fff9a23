import { expect, type Page } from '@playwright/test';

/**
 * The referral wizard's steps as a GP goes through them (spec section 4 Draft creation steps), shared by the
 * wizard's own spec and the whole referral journey. `look` runs at each step: axe and a screenshot there.
 */

export type Look = (step: string) => Promise<void>;

/** A small real PDF: the server reads the type from the bytes. */
export const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
  ),
});

export const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
export const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

/** Waits for the draft's next autosave (PATCH) or form save (PUT forms/) to be answered. */
export const saved = (page: Page, what: 'draft' | 'form') =>
  page.waitForResponse(
    (response) =>
      response.ok() &&
      (what === 'draft'
        ? response.request().method() === 'PATCH' && /\/api\/referrals\/[^/]+\/$/.test(response.url())
        : response.request().method() === 'PUT' && response.url().endsWith('/forms/')),
  );

/** Step 0: the demo specialist's clinic and the specialist; leaving it starts the draft. */
export async function chooseReceiver(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'New referral' })).toBeVisible();
  await page.getByRole('radio', { name: /North Shore Heart Clinic/ }).check();
  await page.getByRole('combobox', { name: 'Specialist' }).click();
  await page.getByRole('option', { name: /James Chen/ }).click();
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/referrals\/create\/[0-9a-f-]+\?step=1$/);
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

/**
 * Steps 1 to 5 of a draft whose receiver is chosen: Emily Watson, the cardiology form with the echo report
 * its rule shows, two PDFs, a provider number; then Submit. The caller checks where it lands.
 */
export async function completeAndSubmitReferral(page: Page, look: Look) {
  await expect(stepHeading(page, 'The patient')).toBeVisible();
  await page.getByRole('textbox', { name: 'Find a patient' }).fill('Watson');
  await page
    .getByRole('radio', { name: /Emily Watson/ })
    .first()
    .check();
  await look('create-referral-1-patient');
  await nextButton(page).click();

  await expect(stepHeading(page, 'The receiver’s forms')).toBeVisible();
  await page.getByRole('textbox', { name: 'Weight (kg)' }).fill('82');
  await page.getByRole('textbox', { name: 'Height (cm)' }).fill('178');
  await expect(page.getByRole('textbox', { name: 'BMI' })).toHaveValue('25.9');
  const report = page.getByRole('group', { name: 'Echocardiogram report' });
  await expect(report).toHaveCount(0);
  await page.getByRole('radio', { name: 'yes' }).check();
  await expect(report).toBeVisible();
  await report.locator('input[type=file]').setInputFiles(pdf('echo-2026.pdf'));
  await expect(report.getByText('echo-2026.pdf')).toBeVisible();
  await look('create-referral-2-forms');
  await nextButton(page).click();

  await expect(stepHeading(page, 'Attachments')).toBeVisible();
  const attachments = page.getByRole('group', { name: 'Files for the receiver' });
  await attachments.locator('input[type=file]').setInputFiles(pdf('gp-letter.pdf'));
  await expect(attachments.getByText('gp-letter.pdf')).toBeVisible();
  await look('create-referral-3-attachments');
  await nextButton(page).click();

  await expect(stepHeading(page, 'Message and provider details')).toBeVisible();
  await page.getByRole('textbox', { name: 'Your provider number' }).fill('2426621B');
  await look('create-referral-4-details');
  await nextButton(page).click();

  await expect(stepHeading(page, 'Renewal and notifications')).toBeVisible();
  await look('create-referral-5-renewal');
  await page.getByRole('button', { name: 'Submit referral' }).click();
}

/** Step 0 with a hospital: Royal Eastern Hospital narrowed to its department named `department`. */
export async function chooseRoyalEasternDepartment(page: Page, department: string) {
  // The type's radio is visually hidden inside its segment: the label is what a person clicks.
  await page
    .locator('label')
    .filter({ hasText: /^Hospitals$/ })
    .click();
  await page.getByRole('radio', { name: /Royal Eastern Hospital/ }).check();
  await page.getByRole('combobox', { name: 'Department' }).click();
  await page.getByRole('option', { name: department }).click();
  await expect(page.getByText(`${department}, Royal Eastern Hospital`)).toBeVisible();
}

/** Step 0 with a hospital: Royal Eastern Hospital's Cardiology department and its specialist. */
export async function chooseDepartmentSpecialist(page: Page) {
  await chooseRoyalEasternDepartment(page, 'Cardiology');
  await page.getByRole('combobox', { name: 'Specialist' }).click();
  await page.getByRole('option', { name: /Aisha Rahman/ }).click();
}

/** Step 0 with a receiver not listed: the details typed by hand (a MANUAL referral). */
export async function describeUnlistedReceiver(page: Page) {
  await page.getByRole('textbox', { name: 'Practice name' }).fill('Bondi Physiotherapy');
  await page.getByRole('textbox', { name: 'Phone' }).fill('02 9130 0000');
  await page.getByRole('textbox', { name: 'Suburb or city' }).fill('Bondi');
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'NSW' }).click();
  await page.getByRole('textbox', { name: 'Postcode' }).fill('2026');
}
