import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { screenshot, signIn } from './sign-in-helpers';
import { chooseReceiver, completeAndSubmitReferral, pdf, saved } from './referral-wizard-steps';

test.use({ viewport: { width: 1366, height: 900 } });

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
  await completeAndSubmitReferral(page, async (step) => {
    await expectAccessible(page, step);
    await screenshot(page, step);
  });
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
