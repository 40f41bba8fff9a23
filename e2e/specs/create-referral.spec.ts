import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { screenshot, signIn } from './sign-in-helpers';
import {
  chooseDepartmentSpecialist,
  chooseReceiver,
  completeAndSubmitReferral,
  describeUnlistedReceiver,
  nextButton,
  pdf,
  saved,
} from './referral-wizard-steps';

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

// A reload loads the wizard's chunk, the draft and its step's data afresh: slow on a busy machine.
const afterReload = { timeout: 20_000 };

test('a draft keeps what was entered through a reload at every step', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, { to: '/referrals/create' });
  const id = await chooseReceiver(page);
  const at = (step: number) => `/referrals/create/${id}?step=${step}`;

  await page.goto(at(0));
  await expect(page.getByRole('radio', { name: /North Shore Heart Clinic/ })).toBeChecked(afterReload);

  await page.goto(at(1));
  await page.getByRole('textbox', { name: 'Find a patient' }).fill('Watson');
  const savingPatient = saved(page, 'draft');
  await page
    .getByRole('radio', { name: /Emily Watson/ })
    .first()
    .check();
  await savingPatient;
  await page.reload();
  await expect(page.getByRole('radio', { name: /Emily Watson/ }).first()).toBeChecked(afterReload);

  await page.goto(at(2));
  const savingForm = saved(page, 'form');
  await page.getByRole('textbox', { name: 'Weight (kg)' }).fill('64');
  await savingForm;
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Weight (kg)' })).toHaveValue('64', afterReload);

  await page.goto(at(3));
  const attachments = page.getByRole('group', { name: 'Files for the receiver' });
  await attachments.locator('input[type=file]').setInputFiles(pdf('results.pdf'));
  await expect(attachments.getByText('results.pdf')).toBeVisible();
  await page.reload();
  await expect(attachments.getByText('results.pdf')).toBeVisible(afterReload);

  await page.goto(at(4));
  const savingSupervisor = saved(page, 'draft');
  await page.getByRole('textbox', { name: 'Supervisor’s name' }).fill('Dr Grace Ho');
  await savingSupervisor;
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Supervisor’s name' })).toHaveValue(
    'Dr Grace Ho',
    afterReload,
  );

  await page.goto(at(5));
  const savingRenewal = saved(page, 'draft');
  await page.getByRole('checkbox', { name: 'Email me a copy of the referral' }).check();
  await savingRenewal;
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Email me a copy of the referral' })).toBeChecked(
    afterReload,
  );
});

test('the receiver step offers a department’s own specialists, and takes a receiver not listed by hand', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, { to: '/referrals/create' });
  await chooseDepartmentSpecialist(page);
  await expectAccessible(page, 'create referral: a hospital department and its specialist');
  await screenshot(page, 'create-referral-0-department');

  await page.getByRole('button', { name: 'Enter the receiver’s details' }).click();
  await expect(page.getByRole('textbox', { name: 'Practice name' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill('desk@bondi');
  await nextButton(page).click();
  await expect(page.getByRole('textbox', { name: 'Practice name' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expectAccessible(page, 'create referral: a receiver not listed, with its errors');
  await screenshot(page, 'create-referral-0-unlisted-errors');

  await page.getByRole('textbox', { name: 'Email' }).fill('');
  await describeUnlistedReceiver(page);
  await screenshot(page, 'create-referral-0-unlisted');
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/referrals\/create\/[0-9a-f-]+\?step=1$/);

  // The details were saved with the draft: a reload brings them back on the receiver step.
  await page.goto(page.url().replace('step=1', 'step=0'));
  await expect(page.getByRole('textbox', { name: 'Practice name' })).toHaveValue(
    'Bondi Physiotherapy',
    afterReload,
  );
  const savingCity = saved(page, 'draft');
  await page.getByRole('textbox', { name: 'Suburb or city' }).fill('North Bondi');
  await savingCity;
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Suburb or city' })).toHaveValue('North Bondi', afterReload);
});

test('a send/ link opens referral creation with its establishment as the receiver', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, { to: '/send/north-shore-heart-clinic' });
  await expect(page.getByText('Sending to North Shore Heart Clinic').first()).toBeVisible();
  await expect(page.getByRole('radio', { name: /North Shore Heart Clinic/ })).toBeChecked();
  await expectAccessible(page, 'create referral: from a send/ link');
  await screenshot(page, 'create-referral-0-send-link');

  await page.goto('/send/no-such-practice');
  await expect(
    page.getByText('The link does not name an establishment we know.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: /North Shore Heart Clinic/ })).not.toBeChecked(afterReload);
  await expectAccessible(page, 'create referral: a send/ link to no known establishment');
  await screenshot(page, 'create-referral-0-send-link-unknown');
});
