import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { letterPdf } from './intake-mail';
import { matchInMail } from './mailbox';

/*
 * Sending a referral through the demo clinic's public portal (docs/portals.md), for specs that need one
 * sent the way a patient sends it: the real page, the emailed code and the captcha.
 */

export const PORTAL = '/refer/north-shore-heart-clinic';
export const CLINIC = 'North Shore Heart Clinic';

/** The patient who sends a referral about themself. */
export type PortalPatient = { firstName: string; lastName: string; dob: string; email: string };

/** No part of the page reaches past the screen's width: nothing to scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
  }));
  expect(widths.page, `${where}: wider than the screen`).toBeLessThanOrEqual(widths.screen);
}

/** The 6-digit code the server mailed to `to`. */
export async function emailedCode(to: string): Promise<string> {
  const line = await matchInMail(to, /Your code is \d{6}/, 'the portal code');
  return line.slice(-6);
}

/** A Medicare number no other patient has: a valid first digit, check digit and issue number. */
export function freshMedicareNumber(): string {
  const firstEight = `${randomInt(2, 7)}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const weights = [1, 3, 7, 9, 1, 3, 7, 9];
  const digit = weights.reduce((sum, weight, i) => sum + weight * Number(firstEight[i]), 0) % 10;
  return `${firstEight}${digit}1`;
}

export const region = (page: Page, name: string) => page.getByRole('region', { name });
/** The captcha's checkbox; its name follows its state (I'm not a robot, Verifying…, Verified). */
export const captchaBox = (page: Page) => page.locator('altcha-widget').getByRole('checkbox');

/** The portal's empty form. */
export async function openPortal(page: Page) {
  await page.goto(PORTAL);
  await expect(page.getByRole('heading', { level: 1, name: 'Send a referral' })).toBeVisible();
}

/** About you: the patient sends it about themself. */
export async function fillPatientSender(page: Page, patient: PortalPatient) {
  await page.getByRole('radio', { name: 'Patient or carer' }).check();
  const sender = region(page, 'About you');
  await sender.getByRole('textbox', { name: 'First name' }).fill(patient.firstName);
  await sender.getByRole('textbox', { name: 'Last name' }).fill(patient.lastName);
  await sender.getByRole('radio', { name: 'I am the patient' }).check();
  await sender.getByRole('textbox', { name: 'Email' }).fill(patient.email);
  await sender.getByRole('textbox', { name: 'Phone' }).fill('0412 345 678');
}

/**
 * The patient, the reason for the referral (`reason`, else the demo clinic's) and, unless the receiver's
 * form asks none (`measurements: false`), the weight the clinic's form asks for.
 */
export async function fillPatientDetails(
  page: Page,
  patient: PortalPatient,
  { reason = 'Palpitations and breathlessness on stairs for three weeks.', measurements = true } = {},
) {
  const about = region(page, 'The patient');
  await about.getByRole('textbox', { name: 'First name' }).fill(patient.firstName);
  await about.getByRole('textbox', { name: 'Last name' }).fill(patient.lastName);
  await about.getByLabel('Date of birth').fill(patient.dob);
  await about.getByRole('combobox', { name: 'Sex at birth' }).click();
  await page.getByRole('option', { name: 'Female', exact: true }).click();
  await about.getByRole('textbox', { name: 'Medicare number' }).fill(freshMedicareNumber());
  await about.getByRole('textbox', { name: 'Reference number' }).fill('1');
  await about.getByRole('combobox', { name: 'Concession card' }).click();
  await page.getByRole('option', { name: 'No concession card', exact: true }).click();
  await region(page, 'Reason for referral')
    .getByRole('textbox', { name: 'Why is the patient being referred?' })
    .fill(reason);
  if (measurements) {
    await region(page, 'Measurements').getByRole('textbox', { name: 'Weight (kg)' }).fill('68');
  }
}

/** The GP's letter, attached, and the consent given. */
export async function attachLetterAndConsent(page: Page) {
  const files = region(page, 'Files');
  await files.locator('input[type="file"]').setInputFiles({
    name: 'gp-letter.pdf',
    mimeType: 'application/pdf',
    buffer: letterPdf('Please see Grace about her palpitations.'),
  });
  await expect(files.getByRole('listitem').filter({ hasText: 'gp-letter.pdf' })).toContainText('attached');
  await region(page, 'Consent').getByRole('checkbox').check();
}

/** Asks for the code, which the page says was mailed (a new one only after a while), and types it in. */
export async function enterEmailedCode(page: Page, email: string) {
  const send = region(page, 'Check and send');
  await send.getByRole('button', { name: 'Send me a code' }).click();
  await expect(send.getByText(/We emailed you a 6-digit code/)).toBeVisible();
  await expect(send.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toBeVisible();
  const code = await emailedCode(email);
  await send.getByRole('textbox', { name: 'Code from the email' }).fill(code);
}

/** Solves the captcha with a click: the widget draws its own box over the input, so its label takes it. */
export async function solveCaptcha(page: Page) {
  await page.getByText("I'm not a robot").click();
  await expect(captchaBox(page)).toBeChecked({ timeout: 30_000 });
  await expect(page.locator('altcha-widget').getByText('Verified')).toBeVisible();
}

/**
 * Sends the referral with `press` on the button (a click unless said otherwise) and answers the server's
 * answer to the submit, a 201, once the page says it was sent with the focus on that heading.
 */
export async function submitReferral(
  page: Page,
  press: (button: Locator) => Promise<void> = (button) => button.click(),
): Promise<Response> {
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/submit/') && r.request().method() === 'POST',
  );
  await press(page.getByRole('button', { name: 'Send referral' }));
  const response = await answered;
  expect(response.status()).toBe(201);
  await expect(
    page.getByRole('heading', { level: 1, name: `Your referral was sent to ${CLINIC}` }),
  ).toBeFocused();
  return response;
}

/**
 * The patient sends a referral about themself through the portal, with a letter, the emailed code and the
 * captcha; answers its id.
 */
export async function sendAsPatient(page: Page, patient: PortalPatient): Promise<string> {
  await openPortal(page);
  await fillPatientSender(page, patient);
  await fillPatientDetails(page, patient);
  await attachLetterAndConsent(page);
  await enterEmailedCode(page, patient.email);
  await solveCaptcha(page);
  await expect(page.getByText('Draft saved')).toBeVisible();
  await expectNoSidewaysScroll(page, 'the portal');
  const response = await submitReferral(page);
  return ((await response.json()) as { referral: { id: string } }).referral.id;
}
