import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectAccessible } from './accessibility';
import { choose, next, pageHeading } from './flow-steps';
import { letterPdf } from './intake-mail';
import { linkInMail } from './mailbox';
import { CLINIC, expectNoSidewaysScroll, sendAsPatient, type PortalPatient } from './portal-steps';
import { apiSessionFor } from './referral-api';
import { personIn, screenshot } from './sign-in-helpers';

/*
 * A patient without an account, from first contact to the clinic's report (issue 26; docs/portals.md,
 * docs/external-access.md): a referral sent through the North Shore Heart Clinic's public portal, accepted
 * and answered with a report by the clinic, then followed through the link the portal's submit emails.
 * The patient is new each run, so the clinic's inbox row and the emailed link are this test's own.
 */

const SPECIALIST = 'specialist@demo.test';
/** Tom Nguyen, the clinic's practice administrator: the shared inbox, and may accept referrals. */
const PRACTICE_ADMINISTRATOR = 'pa@demo.test';
const PHONE = { width: 390, height: 844 };

/** Every public page's state is checked against WCAG 2.2 AA and photographed for people to look at. */
async function check(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshot(page, name);
}

/** Someone new each run (and each retry): a last name and an address of their own. */
function newPatient(): PortalPatient {
  const id = randomUUID().slice(0, 6);
  return {
    firstName: 'Grace',
    lastName: `Journey${id.replace(/\d/g, '')}`.slice(0, 20),
    dob: '1958-09-14',
    email: `journey-${id}@mail.example`,
  };
}

const region = (page: Page, name: string) => page.getByRole('region', { name });

/**
 * The clinic's practice administrator, who reads the shared inbox, finds it in the inbox New (a referral
 * from a portal is nobody's yet, so a specialist without shared inbox access does not see it) and accepts
 * it for Dr James Chen, the cardiologist.
 */
async function clinicAccepts(clinic: Page, id: string, patient: PortalPatient) {
  const rows = clinic.getByRole('row').filter({ hasText: patient.lastName });
  await expect(rows).toHaveCount(1);
  await screenshot(clinic, 'portal-journey-clinic-inbox-new');
  await rows.locator(`a[href="/referrals/${id}"]`).first().click();
  await expect(clinic).toHaveURL(`/referrals/${id}`);

  await clinic.getByRole('link', { name: 'Triage' }).click();
  await expect(clinic.getByRole('heading', { level: 1, name: 'Triage referral' })).toBeVisible();
  await expect(pageHeading(clinic, 'Triage details')).toBeVisible();
  await clinic.getByRole('combobox', { name: 'Assignee' }).click();
  await clinic.getByRole('option', { name: /James Chen/ }).click();
  await choose(clinic, 'Priority', 'Routine');
  await next(clinic, 'Scheduling');
  await clinic.getByRole('button', { name: 'Skip scheduling' }).click();
  await expect(pageHeading(clinic, 'Notifications')).toBeVisible();
  await next(clinic, 'Check and confirm');
  await clinic.getByRole('button', { name: 'Accept referral' }).click();
  await expect(clinic).toHaveURL(`/referrals/${id}`);
  await expect(clinic.getByText('Accepted', { exact: true }).first()).toBeVisible();
}

/** The specialist now assigned writes the report and sends it to the patient as well as the referrer. */
async function specialistReports(specialist: Page, report: string) {
  const reports = specialist.getByRole('region', { name: 'Clinical reports' });
  await reports.getByRole('button', { name: 'Write a report' }).click();
  await expect(specialist.getByRole('heading', { level: 1, name: 'Write the report' })).toBeVisible();
  await specialist.getByRole('textbox', { name: 'Title' }).fill('Cardiology consultation');
  await specialist.getByRole('textbox', { name: 'Report' }).click();
  await specialist.keyboard.type(report);
  await specialist.getByRole('checkbox', { name: 'Send it to the patient too' }).check();
  await screenshot(specialist, 'portal-journey-report-to-patient');
  await specialist.getByRole('button', { name: 'Send to the referrer and the patient' }).click();
  await expect(specialist.getByRole('heading', { level: 1, name: 'Cardiology consultation' })).toBeVisible();
}

test('a patient sends a referral through the portal, the clinic accepts it and reports back, and the patient follows it through the emailed link', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize(PHONE);
  const patient = newPatient();
  const report = 'Your palpitations come from paroxysmal atrial fibrillation; we will start a beta blocker.';

  const id = await sendAsPatient(page, patient);
  await expectNoSidewaysScroll(page, 'the portal’s confirmation');

  const clinic = await personIn(browser, baseURL ?? '', PRACTICE_ADMINISTRATOR, '/referrals/inbox/new');
  await clinicAccepts(clinic, id, patient);
  await clinic.context().close();
  const specialist = await personIn(browser, baseURL ?? '', SPECIALIST, `/referrals/${id}`);
  await specialistReports(specialist, report);
  await screenshot(specialist, 'portal-journey-clinic-report');

  // The portal's submit emailed the patient a link of their own.
  const link = await linkInMail(
    patient.email,
    /https?:\/\/[^\s"<>]+\/referrals\/external\?access=[\w-]+/,
    'the referral link',
  );
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Referral' })).toBeVisible();
  const lastName = page.getByRole('textbox', { name: /^Last name/ });
  await expect(lastName).toBeVisible();
  await expect(page.getByText(patient.lastName)).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'the questions');
  await check(page, 'portal-journey-verify');

  // A wrong answer gets the one message for any wrong answer, and shows nothing.
  await lastName.fill(patient.lastName);
  await page.getByLabel(/^Date of birth/).fill('1958-09-15');
  await page.getByRole('textbox', { name: /^First name/ }).fill(patient.firstName);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Those details do not match the referral. Check them and try again.',
  );
  await check(page, 'portal-journey-verify-wrong');

  await page.getByLabel(/^Date of birth/).fill(patient.dob);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`To ${CLINIC}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Referral' })).toBeFocused();
  const progress = region(page, 'Where it is up to');
  await expect(progress.getByText('Accepted').first()).toBeVisible();
  await expect(progress.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveText([
    /^Accepted/,
    /^Being reviewed/,
    /^Sent/,
  ]);
  await expectNoSidewaysScroll(page, 'the referral');
  await check(page, 'portal-journey-referral');

  // The report, addressed to the patient, with its text and its letter.
  await page
    .getByRole('navigation', { name: 'This referral' })
    .getByRole('link', { name: 'Reports (1)' })
    .click();
  await expect(page).toHaveURL(/\/external-clinical-reports\?access=/);
  const article = page.getByRole('article', { name: 'Cardiology consultation' });
  await expect(article.getByText(report)).toBeVisible();
  await expectNoSidewaysScroll(page, 'the reports');
  await check(page, 'portal-journey-reports');
  const letter = page.waitForEvent('download');
  await article.getByRole('button', { name: 'Download PDF of Cardiology consultation' }).click();
  expect((await letter).suggestedFilename()).toMatch(/\.pdf$/);

  // The consent form: downloaded, then its signed copy sent back (one session for the link's pages).
  await page
    .getByRole('navigation', { name: 'This referral' })
    .getByRole('link', { name: 'Consent form' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Consent form' })).toBeVisible();
  const form = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the consent form (PDF)' }).click();
  expect((await form).suggestedFilename()).toBe('consent-form.pdf');
  await check(page, 'portal-journey-consent');
  const upload = region(page, '2. Upload the signed form');
  await upload.locator('input[type="file"]').setInputFiles({
    name: 'signed-consent.pdf',
    mimeType: 'application/pdf',
    buffer: letterPdf('Signed: Grace'),
  });
  await upload.getByRole('button', { name: 'Upload signed form' }).click();
  await expect(upload.getByRole('status')).toHaveText(
    'signed-consent.pdf was sent to the clinic. Thank you.',
  );
  await expect(page.getByText('Signed copy received').first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'the consent form');
  await check(page, 'portal-journey-consent-sent');

  // The page to send other files, checked as the others are.
  await page
    .getByRole('navigation', { name: 'This referral' })
    .getByRole('link', { name: 'Send files' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Send files' })).toBeVisible();
  await expect(region(page, 'Files sent so far').getByText('Nothing has been sent yet.')).toBeVisible();
  await expectNoSidewaysScroll(page, 'sending files');
  await check(page, 'portal-journey-upload-files');

  // The clinic reads the signed form among the patient's files.
  const reader = await apiSessionFor(browser, baseURL ?? '', SPECIALIST);
  const files = await reader.request.get(`/api/referrals/${id}/patient-attachments/`, {
    headers: reader.headers,
  });
  expect(files.ok()).toBe(true);
  expect(JSON.stringify(await files.json())).toContain('signed-consent.pdf');
  await reader.close();

  // The same referral on a wide screen, for people to look at.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(link);
  await expect(page.getByText(`To ${CLINIC}`)).toBeVisible();
  await expect(page.getByText('Signed copy received')).toBeVisible();
  await check(page, 'portal-journey-referral-wide');
  await specialist.context().close();
});

test('a link that does not work says so, and offers a new one by email', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/referrals/consent?access=not-a-link');
  await expect(page.getByRole('heading', { level: 1, name: 'Consent form' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'This link no longer works' })).toBeVisible();
  await check(page, 'portal-journey-link-not-usable');
  await page.getByRole('button', { name: 'Email me a new link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If this link can be renewed, we have emailed a new one to the address it was sent to.',
  );
  await check(page, 'portal-journey-link-renewal-asked');
});
