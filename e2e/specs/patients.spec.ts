import { expect, test, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { expectAccessible } from './accessibility';
import { screenshot, signIn } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

const PATIENT = {
  first: 'Evelyn',
  last: 'Castellanos',
  dob: '1952-04-18',
  medicare: '2296818481',
  // Its own per attempt: a retry after a failure finds the first attempt's patient, whose MRN is taken.
  mrn: `HBS-${String(Date.now() % 100_000).padStart(5, '0')}`,
};
/** Fails the Medicare check digit (spec section 5 identifiers). */
const BAD_MEDICARE = '2273766560';

/**
 * The whole form, top to bottom, for people to look at: the window is made as tall as the page, because a
 * full-page capture of the app's fixed header and navigation draws them mid-page.
 */
async function wholeFormScreenshot(page: Page, name: string) {
  const viewport = page.viewportSize() ?? { width: 1366, height: 900 };
  const height = await page.locator('html').evaluate((html: { scrollHeight: number }) => html.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({
    path: path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`),
    animations: 'disabled',
  });
  await page.setViewportSize(viewport);
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a GP creates a patient with a carer, a concession card and an MRN, finds them, edits them and sees a bad Medicare number refused', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, { to: '/patients' });
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();

  // Create.
  await page.getByRole('link', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL('/patients/create');
  await expect(page.getByRole('heading', { level: 1, name: 'New patient' })).toBeVisible();
  for (const toggle of [
    'Identifiers',
    'MRN',
    'Population',
    'Concession',
    'Health fund',
    'Carer or guardian',
  ]) {
    await expect(page.getByRole('switch', { name: toggle })).not.toBeChecked();
  }
  const details = section(page, 'Patient details');
  await choose(page, details, 'Title', 'Mrs');
  await details.getByLabel('First name').fill(PATIENT.first);
  await details.getByLabel('Last name').fill(PATIENT.last);
  await details.getByLabel('Date of birth').fill(PATIENT.dob);
  await choose(page, details, 'Sex at birth', 'Female');
  await choose(page, details, 'Gender', 'Female');
  const contact = section(page, 'Contact and address');
  await contact.getByLabel('Mobile phone').fill('0412 555 010');
  await contact.getByLabel('Address line 1').fill('48 Ocean Street');
  await contact.getByLabel('Suburb').fill('Narrabeen');
  await contact.getByLabel('Postcode').fill('2101');
  const medicare = section(page, 'Medicare');
  await medicare.getByLabel('Medicare number').fill(PATIENT.medicare);
  await medicare.getByLabel('IRN').fill('2');
  await medicare.getByLabel('Expiry').fill('08/2029');

  await page.getByRole('switch', { name: 'MRN' }).check({ force: true });
  await section(page, 'MRN').getByRole('textbox', { name: 'MRN' }).fill(PATIENT.mrn);

  await page.getByRole('switch', { name: 'Concession' }).check({ force: true });
  const card = page.getByRole('group', { name: 'Concession card 1' });
  await choose(page, card, 'Card type', 'Pensioner Concession Card');
  await card.getByLabel('Card number').fill('307 123 456A');

  await page.getByRole('switch', { name: 'Carer or guardian' }).check({ force: true });
  const carer = page.getByRole('group', { name: 'Carer 1' });
  await expect(carer.getByText('Primary carer')).toBeVisible();
  await carer.getByLabel('First name').fill('Daniel');
  await carer.getByLabel('Last name').fill('Castellanos');
  await carer.getByLabel('Relationship to the patient').fill('Son');
  await carer.getByLabel('Phone').fill('0413 222 333');
  await carer.getByLabel('Next of kin').check();
  await expect(carer.getByLabel('Address same as patient')).toBeChecked();
  await wholeFormScreenshot(page, 'patient-form-sections');

  await page.getByRole('button', { name: 'Create patient' }).click();
  await expect(page).toHaveURL(/\/patients\/[0-9a-f-]{36}$/);
  const patientUrl = new URL(page.url()).pathname;
  await expect(
    page.getByRole('heading', { level: 1, name: `Mrs ${PATIENT.first} ${PATIENT.last}` }),
  ).toBeVisible();
  await expect(page.getByText(`Born 18 Apr 1952 · MRN ${PATIENT.mrn}`)).toBeVisible();
  // Saved with their sections open: the carer, the card and the MRN panel's entry.
  await expect(page.getByRole('group', { name: 'Carer 1' }).getByLabel('First name')).toHaveValue('Daniel');
  await expect(page.getByRole('group', { name: 'Concession card 1' }).getByLabel('Card number')).toHaveValue(
    '307 123 456A',
  );
  await expect(page.getByRole('group', { name: `MRN ${PATIENT.mrn}` })).toBeVisible();

  // Find them by a partial name, then by MRN.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Patients' })
    .click();
  await expect(page).toHaveURL('/patients');
  const search = page.getByLabel('Search patients');
  await search.fill('eve cast');
  const row = page
    .getByRole('row', { name: new RegExp(`${PATIENT.first} ${PATIENT.last}`) })
    .filter({ hasText: PATIENT.mrn });
  await expect(row).toBeVisible();
  await expect(row.getByText('18 Apr 1952')).toBeVisible();
  await expect(row.getByText(PATIENT.medicare)).toBeVisible();
  await expect(row.getByText(PATIENT.mrn)).toBeVisible();
  await screenshot(page, 'patients-list');
  await search.fill('castellanosx');
  await expect(page.getByText('No patient matches “castellanosx”')).toBeVisible();
  await search.fill(PATIENT.mrn.toLowerCase());
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: `${PATIENT.first} ${PATIENT.last}` }).click();
  await expect(page).toHaveURL(patientUrl);

  // Edit.
  await section(page, 'Contact and address').getByLabel('Mobile phone').fill('0412 555 099');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Patient saved')).toBeVisible();
  await page.reload();
  await expect(section(page, 'Contact and address').getByLabel('Mobile phone')).toHaveValue('0412 555 099');

  // The patient's doctor: found among the platform's providers as the name is typed, saved with the record.
  await expect(page.getByText('No doctor recorded')).toBeVisible();
  const doctor = section(page, 'Patient details').getByRole('combobox', { name: 'Doctor' });
  await doctor.fill('james ch');
  const james = page.getByRole('option', { name: /^Dr James Chen/ });
  await expect(james).toContainText('North Shore Heart Clinic');
  await screenshot(page, 'patient-doctor-search');
  await expectAccessible(page, 'patient form with the doctor select open');
  await james.click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Patient saved')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Doctor: Dr James Chen')).toBeVisible();
  await expect(doctor).toHaveValue('Dr James Chen');
  await screenshot(page, 'patient-with-doctor');

  // A Medicare number that fails its check digit: the server's 400 lands on the field.
  await section(page, 'Medicare').getByLabel('Medicare number').fill(BAD_MEDICARE);
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && new URL(response.url()).pathname === `/api${patientUrl}/`,
  );
  await page.getByRole('button', { name: 'Save changes' }).click();
  expect((await answer).status()).toBe(400);
  const medicareField = section(page, 'Medicare');
  await expect(medicareField.getByText('Enter a valid 10-digit Medicare card number.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Check the highlighted fields' })).toBeVisible();
  await medicareField.scrollIntoViewIfNeeded();
  await screenshot(page, 'patient-field-errors');
});

test('a patient that does not exist shows the not-found state', async ({ page }) => {
  await signIn(page, { to: '/patients/00000000-0000-4000-8000-000000000000' });
  await expect(page.getByRole('heading', { level: 1, name: 'Patient not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to patients' }).click();
  await expect(page).toHaveURL('/patients');
});
