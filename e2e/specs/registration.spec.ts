import { expect, test, type Page } from '@playwright/test';
import { screenshot, submitLoginForm } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

const PASSWORD = 'Correct-Horse-Battery-9';

/** Signs up through the hosted sign-up page; signing in works before the email is verified. */
async function signUp(page: Page, firstName: string, lastName: string): Promise<string> {
  // A sign-up followed by the whole wizard takes most of a normal test's time on a busy machine.
  test.slow();
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.test`;
  await page.goto('/auth/signup');
  await page.getByLabel('First name', { exact: true }).fill(firstName);
  await page.getByLabel('Last name', { exact: true }).fill(lastName);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  return email;
}

/** A new user opening the app signs in and, with registration incomplete, is sent to Welcome. */
async function signInAsNewUser(page: Page, email: string) {
  await page.goto('/');
  await submitLoginForm(page, email, PASSWORD);
  await expect(page).toHaveURL('/welcome');
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

async function chooseRole(page: Page, role: string) {
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
}

test('a new user signs up, completes the registration wizard, lands on the dashboard and asks for the verification email again', async ({
  page,
}) => {
  const email = await signUp(page, 'Priya', 'Raman');
  await signInAsNewUser(page, email);

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Referrals, Priya' })).toBeVisible();
  await screenshot(page, 'welcome');
  await page.getByRole('link', { name: 'Get started' }).click();

  // Page 0: the names from sign-up are filled in; the mobile number is asked for.
  await expect(stepHeading(page, 'Personal details')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Priya');
  await page.getByLabel('Date of birth').fill('1984-07-09');
  await page.getByLabel('Mobile phone').fill('0412 345 678');
  await screenshot(page, 'registration-0-personal');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Page 1: role, AHPRA and a provider number.
  await expect(stepHeading(page, 'Professional details')).toBeVisible();
  await chooseRole(page, 'General practitioner');
  await page.getByLabel('AHPRA registration number').fill('MED0001234599');
  await page.getByLabel('Add a provider number').fill('2426621B');
  await screenshot(page, 'registration-1-professional');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Page 2: the practice, chosen from the search.
  await expect(stepHeading(page, 'Practice')).toBeVisible();
  await page.getByLabel('Search practices and establishments').fill('Harbourside');
  await page
    .getByRole('button', { name: 'Choose Harbourside Family Medical Practice as primary practice' })
    .click();
  await screenshot(page, 'registration-2-practice');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Page 3: the signature can wait.
  await expect(stepHeading(page, 'Signature')).toBeVisible();
  await screenshot(page, 'registration-3-signature');
  await page.getByRole('button', { name: 'Skip for now' }).click();

  // Page 4, special access, is only for hospitals and departments: a GP at a practice goes on to page 5.
  await expect(stepHeading(page, 'Notifications')).toBeVisible();
  await expect(page.getByText('Special access')).toHaveCount(0);
  await page.getByRole('switch', { name: 'A referral I sent is returned' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Page 6: the review shows what was saved, the one email switched on among them.
  await expect(stepHeading(page, 'Review and finish')).toBeVisible();
  await expect(page.getByText('A referral I sent is returned', { exact: true })).toBeVisible();
  await expect(page.getByText(/A referral I sent is viewed/)).toHaveCount(0);
  // Dates read the Australian way on the review: day, month, year.
  await expect(page.getByText('9 Jul 1984')).toBeVisible();
  const review = page.getByRole('main');
  await expect(review.getByText('MED0001234599')).toBeVisible();
  await expect(review.getByText('2426621B')).toBeVisible();
  await expect(review.getByText('Harbourside Family Medical Practice')).toBeVisible();
  await screenshot(page, 'registration-6-review');
  await page.getByRole('button', { name: 'Finish registration' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('Dr Priya Raman')).toBeVisible();

  // The practice has not approved the new GP yet: its patients stay out of reach, and the page says why.
  await page.goto('/patients');
  await expect(page.getByText('Waiting for approval', { exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toBeHidden();
  await screenshot(page, 'patients-waiting-for-approval');

  // Registered now, Welcome offers the way to the dashboard.
  await page.goto('/welcome');
  await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toBeVisible();

  // The email address is not verified yet: Settings says so and sends the link again.
  await page.goto('/settings/profile');
  const notice = page.getByRole('alert').filter({ hasText: 'Your email address is not verified yet.' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Send the verification email again' }).click();
  await expect(notice.getByText('Verification email sent.')).toBeVisible();
  await screenshot(page, 'settings-email-not-verified');
});

test('a new specialist at a hospital asks for special access and chooses notifications before finishing', async ({
  page,
}) => {
  const email = await signUp(page, 'Hannah', 'Osei');
  await signInAsNewUser(page, email);
  await page.getByRole('link', { name: 'Get started' }).click();
  await page.getByLabel('Mobile phone').fill('0433 222 111');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await chooseRole(page, 'Specialist');
  await page.getByLabel('AHPRA registration number').fill('MED0004567891');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(stepHeading(page, 'Practice')).toBeVisible();
  await page.getByLabel('Search practices and establishments').fill('Royal Eastern');
  await page.getByRole('button', { name: 'Choose Royal Eastern Hospital as primary practice' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Skip for now' }).click();

  // Page 4: the hospital, with the two requests its account holder decides on.
  await expect(stepHeading(page, 'Special access')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Royal Eastern Hospital' })).toBeVisible();
  await page.getByRole('checkbox', { name: /I need special access/ }).check();
  await screenshot(page, 'registration-4-special-access');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Page 5: the email notifications a specialist may choose.
  await expect(stepHeading(page, 'Notifications')).toBeVisible();
  await page.getByRole('switch', { name: 'An urgent referral is received' }).click();
  await screenshot(page, 'registration-5-notifications');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Page 6: both answers on the review; Back returns through page 5 to page 4 with the answer kept.
  await expect(stepHeading(page, 'Review and finish')).toBeVisible();
  await expect(page.getByText('Special access asked for')).toBeVisible();
  await page.getByRole('button', { name: 'Edit special access' }).click();
  await expect(page.getByRole('checkbox', { name: /I need special access/ })).toBeChecked();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Finish registration' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('a new user who types a wrong AHPRA number or chooses no practice is told on the field', async ({
  page,
}) => {
  const email = await signUp(page, 'Marcus', 'Bell');
  await signInAsNewUser(page, email);
  await page.getByRole('link', { name: 'Get started' }).click();
  await page.getByLabel('Mobile phone').fill('0498 765 432');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await chooseRole(page, 'General practitioner');
  await page.getByLabel('AHPRA registration number').fill('MED12345');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  const ahpra = page.getByLabel('AHPRA registration number');
  await expect(ahpra).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText('Enter an AHPRA registration number: 3 letters and 10 digits, e.g. MED0001234567.'),
  ).toBeVisible();
  await expect(stepHeading(page, 'Professional details')).toBeVisible();
  await screenshot(page, 'registration-1-ahpra-error');

  await ahpra.fill('MED0009876543');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(stepHeading(page, 'Practice')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not selected' })).toBeVisible();
  await screenshot(page, 'registration-2-not-selected');

  // Leaving and coming back resumes at the first page still missing details.
  await page.goto('/welcome');
  await page.getByRole('link', { name: 'Get started' }).click();
  await expect(stepHeading(page, 'Practice')).toBeVisible();
});

test('a new user leaves the registration wizard with Exit and resumes where they were after signing in', async ({
  page,
}) => {
  const email = await signUp(page, 'Tomas', 'Reid');
  await signInAsNewUser(page, email);
  await page.getByRole('link', { name: 'Get started' }).click();
  await page.getByLabel('Mobile phone').fill('0423 111 999');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(stepHeading(page, 'Professional details')).toBeVisible();

  // Stay keeps the user in the wizard.
  await page.getByRole('button', { name: 'Exit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave registration?' });
  await expect(
    dialog.getByText('What you have saved stays, and you can carry on next time you sign in.'),
  ).toBeVisible();
  await screenshot(page, 'registration-exit-dialog');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(stepHeading(page, 'Professional details')).toBeVisible();

  await page.getByRole('button', { name: 'Exit' }).click();
  await page
    .getByRole('dialog', { name: 'Leave registration?' })
    .getByRole('button', { name: 'Leave' })
    .click();

  // Signed out: the app sends the browser to the hosted login page, and signing in there resumes.
  await submitLoginForm(page, email, PASSWORD);
  await expect(page).toHaveURL('/welcome');
  await page.getByRole('link', { name: 'Get started' }).click();
  await expect(stepHeading(page, 'Professional details')).toBeVisible();
});
