import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { screenshot, signIn } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

/** A small real PDF: the server reads the type from the bytes. */
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
  ),
});

const nextButton = (page: Page) => page.getByRole('button', { name: 'Next' });
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

/** Waits for the draft's next autosave (PATCH) or form save (PUT forms/) to be answered. */
const saved = (page: Page, what: 'draft' | 'form') =>
  page.waitForResponse(
    (response) =>
      response.ok() &&
      (what === 'draft'
        ? response.request().method() === 'PATCH' && /\/api\/referrals\/[^/]+\/$/.test(response.url())
        : response.request().method() === 'PUT' && response.url().endsWith('/forms/')),
  );

/** Step 0: the demo specialist's clinic and the specialist; leaving it starts the draft. */
async function chooseReceiver(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'New referral' })).toBeVisible();
  await page.getByRole('radio', { name: /North Shore Heart Clinic/ }).check();
  await page.getByRole('combobox', { name: 'Specialist' }).click();
  await page.getByRole('option', { name: /James Chen/ }).click();
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/referrals\/create\/[0-9a-f-]+\?step=1$/);
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

test('a GP creates a referral with a patient, a form whose hidden field shows on its rule, and a PDF, and submits it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, { to: '/referrals/create' });
  await expect(page.getByRole('radio', { name: /North Shore Heart Clinic/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Harbourside/ })).toHaveCount(0);
  await expectAccessible(page, 'create referral: receiver');
  await screenshot(page, 'create-referral-0-receiver');
  const id = await chooseReceiver(page);

  await expect(stepHeading(page, 'The patient')).toBeVisible();
  await page.getByRole('textbox', { name: 'Find a patient' }).fill('Watson');
  await page
    .getByRole('radio', { name: /Emily Watson/ })
    .first()
    .check();
  await expectAccessible(page, 'create referral: patient');
  await screenshot(page, 'create-referral-1-patient');
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
  await expectAccessible(page, 'create referral: forms');
  await screenshot(page, 'create-referral-2-forms');
  await nextButton(page).click();

  await expect(stepHeading(page, 'Attachments')).toBeVisible();
  const attachments = page.getByRole('group', { name: 'Files for the receiver' });
  await attachments.locator('input[type=file]').setInputFiles(pdf('gp-letter.pdf'));
  await expect(attachments.getByText('gp-letter.pdf')).toBeVisible();
  await expectAccessible(page, 'create referral: attachments');
  await screenshot(page, 'create-referral-3-attachments');
  await nextButton(page).click();

  await expect(stepHeading(page, 'Message and provider details')).toBeVisible();
  await page.getByRole('textbox', { name: 'Your provider number' }).fill('2426621B');
  await expectAccessible(page, 'create referral: details');
  await screenshot(page, 'create-referral-4-details');
  await nextButton(page).click();

  await expect(stepHeading(page, 'Renewal and notifications')).toBeVisible();
  await expectAccessible(page, 'create referral: renewal');
  await screenshot(page, 'create-referral-5-renewal');
  await page.getByRole('button', { name: 'Submit referral' }).click();

  await expect(page).toHaveURL(`/referrals/${id}`);
});

test('a draft keeps what was entered through a reload at every step', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, { to: '/referrals/create' });
  const id = await chooseReceiver(page);
  const at = (step: number) => `/referrals/create/${id}?step=${step}`;

  // A reload loads the wizard's chunk, the draft and the receivers afresh: slow on a busy machine.
  await page.goto(at(0));
  await expect(page.getByRole('radio', { name: /North Shore Heart Clinic/ })).toBeChecked({
    timeout: 20_000,
  });

  await page.goto(at(1));
  await page.getByRole('textbox', { name: 'Find a patient' }).fill('Watson');
  const savingPatient = saved(page, 'draft');
  await page
    .getByRole('radio', { name: /Emily Watson/ })
    .first()
    .check();
  await savingPatient;
  await page.reload();
  await expect(page.getByRole('radio', { name: /Emily Watson/ }).first()).toBeChecked();

  await page.goto(at(2));
  const savingForm = saved(page, 'form');
  await page.getByRole('textbox', { name: 'Weight (kg)' }).fill('64');
  await savingForm;
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Weight (kg)' })).toHaveValue('64');

  await page.goto(at(3));
  const attachments = page.getByRole('group', { name: 'Files for the receiver' });
  await attachments.locator('input[type=file]').setInputFiles(pdf('results.pdf'));
  await expect(attachments.getByText('results.pdf')).toBeVisible();
  await page.reload();
  await expect(attachments.getByText('results.pdf')).toBeVisible();

  await page.goto(at(4));
  const savingSupervisor = saved(page, 'draft');
  await page.getByRole('textbox', { name: 'Supervisor’s name' }).fill('Dr Grace Ho');
  await savingSupervisor;
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Supervisor’s name' })).toHaveValue('Dr Grace Ho');

  await page.goto(at(5));
  const savingRenewal = saved(page, 'draft');
  await page.getByRole('checkbox', { name: 'Email me a copy of the referral' }).check();
  await savingRenewal;
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Email me a copy of the referral' })).toBeChecked();
});
