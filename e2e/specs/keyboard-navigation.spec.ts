import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { checkRadio, chooseFile, chooseOption, tabTo } from './keyboard';
import { nextButton, pdf, stepHeading } from './referral-wizard-steps';
import { screenshot, signIn } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

const main = (page: Page) => page.getByRole('main');
const skipLink = (page: Page) => page.getByRole('link', { name: 'Skip to main content' });
/** The skip link's width on screen: a clipped pixel while hidden, its text's width while shown. */
const skipLinkWidth = async (page: Page) => (await skipLink(page).boundingBox())?.width ?? 0;

/** Types `keyword` into the search box with the focus, and waits for the list `path` to answer it. */
async function search(page: Page, path: string, keyword: string) {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === path &&
      new URL(response.url()).searchParams.get('keyword') === keyword,
  );
  await page.keyboard.type(keyword);
  await answered;
}

/** Tab to Next and press Enter; the wizard then puts the focus on the next step's title. */
async function next(page: Page, title: string) {
  await tabTo(page, nextButton(page));
  await page.keyboard.press('Enter');
  await expect(stepHeading(page, title)).toBeFocused();
}

test('a keyboard user skips the navigation and creates and submits a referral without the mouse', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, { to: '/referrals/create' });
  await expect(page.getByRole('radio', { name: /North Shore Heart Clinic/ })).toBeVisible();

  // WCAG 2.4.1: the first Tab reaches the skip link, shown over the top bar while it has the focus.
  expect(await skipLinkWidth(page)).toBeLessThanOrEqual(1);
  await page.keyboard.press('Tab');
  await expect(skipLink(page)).toBeFocused();
  await expect(skipLink(page)).toBeInViewport();
  await expect.poll(() => skipLinkWidth(page)).toBeGreaterThan(100);
  await expectAccessible(page, 'main layout with the skip link focused');
  await screenshot(page, 'skip-link-focused');

  // Enter takes the focus into the screen: the next Tab goes to its first control, not the top bar.
  await page.keyboard.press('Enter');
  await expect(main(page)).toBeFocused();
  await expect.poll(() => skipLinkWidth(page)).toBeLessThanOrEqual(1);
  await page.keyboard.press('Tab');
  await expect(main(page).getByRole('radio', { name: 'Specialist Clinics' })).toBeFocused();

  // Step 0: the clinic, found by typing in the search, and its specialist from the select.
  await tabTo(page, page.getByRole('textbox', { name: 'Search by name' }));
  await search(page, '/api/establishments/', 'North Shore');
  const receivers = page.getByRole('radiogroup', { name: 'Specialist Clinics' });
  await checkRadio(page, receivers, receivers.getByRole('radio', { name: /North Shore Heart Clinic/ }));
  const specialist = page.getByRole('combobox', { name: 'Specialist' });
  await tabTo(page, specialist);
  await chooseOption(page, specialist, page.getByRole('option', { name: /James Chen/ }));
  await expect(specialist).toHaveValue('Dr James Chen');
  await next(page, 'The patient');
  await expect(page).toHaveURL(/\/referrals\/create\/[0-9a-f-]+\?step=1$/);
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';

  // Step 1: the patient, searched for and picked from the list.
  await tabTo(page, page.getByRole('textbox', { name: 'Find a patient' }));
  await search(page, '/api/patients/', 'Watson');
  const patients = page.getByRole('radiogroup', { name: 'Patient' });
  await checkRadio(page, patients, patients.getByRole('radio', { name: /Emily Watson/ }).first());
  await next(page, 'The receiver’s forms');

  // Step 2: the cardiology form; answering yes shows the echo report's file field.
  await tabTo(page, page.getByRole('textbox', { name: 'Weight (kg)' }));
  await page.keyboard.type('82');
  await tabTo(page, page.getByRole('textbox', { name: 'Height (cm)' }));
  await page.keyboard.type('178');
  await expect(page.getByRole('textbox', { name: 'BMI' })).toHaveValue('25.9');
  const yes = page.getByRole('radio', { name: 'yes' });
  await checkRadio(page, page.getByRole('radiogroup').filter({ has: yes }), yes);
  const report = page.getByRole('group', { name: 'Echocardiogram report' });
  const addReport = report.getByRole('button', { name: /^Add a file/ });
  await tabTo(page, addReport);
  await chooseFile(page, addReport, pdf('echo-2026.pdf'));
  await expect(report.getByText('echo-2026.pdf')).toBeVisible();
  // The button keeps the focus through the upload, so the next Tab goes on from there.
  await expect(addReport).toBeFocused();
  await next(page, 'Attachments');

  // Step 3: a letter for the receiver.
  const attachments = page.getByRole('group', { name: 'Files for the receiver' });
  const addAttachment = attachments.getByRole('button', { name: /^Add a file/ });
  await tabTo(page, addAttachment);
  await chooseFile(page, addAttachment, pdf('gp-letter.pdf'));
  await expect(attachments.getByText('gp-letter.pdf')).toBeVisible();
  await expect(addAttachment).toBeFocused();
  await next(page, 'Message and provider details');

  // Step 4: the provider number.
  await tabTo(page, page.getByRole('textbox', { name: 'Your provider number' }));
  await page.keyboard.type('2426621B');
  await next(page, 'Renewal and notifications');

  // Step 5: a copy by email, then Submit.
  const copy = page.getByRole('checkbox', { name: 'Email me a copy of the referral' });
  await tabTo(page, copy);
  await page.keyboard.press('Space');
  await expect(copy).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Submit referral' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/referrals/${id}`);
  await expect(page.getByText('Emily Watson').first()).toBeVisible();
});
