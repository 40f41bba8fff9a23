import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectAccessible } from './accessibility';
import { letterPdf } from './intake-mail';
import { checkRadio, chooseFile, chooseOption, tabTo } from './keyboard';
import {
  attachLetterAndConsent,
  captchaBox,
  CLINIC,
  emailedCode,
  enterEmailedCode,
  expectNoSidewaysScroll,
  fillPatientDetails,
  fillPatientSender,
  openPortal,
  region,
  solveCaptcha,
  submitReferral,
} from './portal-steps';
import { apiSessionFor } from './referral-api';
import { personIn, screenshot } from './sign-in-helpers';

/*
 * The public referral portal at /refer/{slug} (issue 26; docs/portals.md), signed out: the demo's North
 * Shore Heart Clinic publishes one for both sender types. Each test's sender and patient are new, so what
 * it finds in the clinic's inbox is its own whatever the specs beside it send there.
 */

/**
 * Who at the clinic sees a portal referral: it comes in unassigned, so the clinic's staff with shared inbox
 * access (the demo's practice administrator, Tom Nguyen) find it in the inbox; a specialist without that
 * access sees only the referrals assigned to them.
 */
const CLINIC_STAFF = 'pa@demo.test';

/** Every state of the page is looked at and checked against WCAG 2.2 AA. */
async function check(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshot(page, name);
}

/** Someone new each run (and each retry): a surname and an address of their own. */
function person(surname: string) {
  // Letters only, as a surname has them: a-p for each hex digit of a random id.
  const tag = randomUUID()
    .replace(/-/g, '')
    .slice(0, 5)
    .replace(/[0-9a-f]/g, (digit) => String.fromCharCode(97 + Number.parseInt(digit, 16)));
  return { lastName: `${surname}-${tag}`, email: `${surname.toLowerCase()}.${tag}@mail.example` };
}

/** The draft this tab writes, as the page keeps it: its id and its secret. */
async function draftOfTab(page: Page): Promise<{ id: string; token: string }> {
  const kept = await page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i) ?? '';
      if (key.startsWith('referrals.portal-draft.')) return sessionStorage.getItem(key);
    }
    return null;
  });
  expect(kept, 'the draft kept in sessionStorage').not.toBeNull();
  return JSON.parse(kept ?? '{}') as { id: string; token: string };
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a patient sends a referral with a file, the emailed code and the captcha; the clinic finds it in its inbox New', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const patient = { firstName: 'Grace', dob: '1958-09-14', ...person('Okafor') };
    const submits: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/submit/')) submits.push(request.url());
    });

    await openPortal(page);
    await expect(page.getByRole('banner').getByText(CLINIC)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: '(02) 9439 2210' })).toBeVisible();
    await check(page, 'portal-phone-start');

    await fillPatientSender(page, patient);
    // Saved as typed: the draft exists from the first pause.
    await expect(page.getByText('Draft saved')).toBeVisible();

    // A reload goes on with the same draft: the tab kept its secret.
    await page.reload();
    const sender = region(page, 'About you');
    await expect(sender.getByRole('textbox', { name: 'Last name' })).toHaveValue(patient.lastName);
    await expect(sender.getByRole('radio', { name: 'I am the patient' })).toBeChecked();

    await fillPatientDetails(page, patient);
    // The server refuses a birth date in the future; its message lands on the field, and goes once fixed.
    const about = region(page, 'The patient');
    const dob = about.getByLabel('Date of birth');
    await dob.fill('2090-01-01');
    await expect(about.getByText('The date of birth cannot be in the future.')).toBeVisible();
    await dob.fill(patient.dob);
    await expect(about.getByText('The date of birth cannot be in the future.')).toBeHidden();

    // The clinic's own form, drawn as the wizard draws it: the echo report asked for only after a yes.
    await region(page, 'Investigations').getByRole('radio', { name: 'yes' }).check();
    await expect(region(page, 'Investigations').getByText('Echocardiogram report')).toBeVisible();

    // A file over 5 MB is refused before it is sent; the letter is attached.
    const files = region(page, 'Files');
    await files.locator('input[type="file"]').setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([letterPdf('Scan'), Buffer.alloc(5_300_000)]),
    });
    await expect(files.getByRole('list').getByText('scan.pdf is larger than 5 MB.')).toBeVisible();
    await attachLetterAndConsent(page);

    await enterEmailedCode(page, patient.email);
    await solveCaptcha(page);
    await expect(page.getByText('Draft saved')).toBeVisible();
    await expectNoSidewaysScroll(page, 'the portal');
    await check(page, 'portal-phone-filled');

    // A double click sends one request; the server would make one referral of two anyway.
    const draft = await draftOfTab(page);
    const response = await submitReferral(page, (button) => button.dblclick());
    await expect(page.getByText(patient.lastName)).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'the confirmation');
    await check(page, 'portal-phone-sent');
    expect(submits).toHaveLength(1);

    // The same submit again (a retry after a lost answer) answers the same referral.
    const first = (await response.json()) as { referral: { id: string } };
    const again = await page.request.post(response.url(), {
      headers: { 'X-Draft-Token': draft.token },
      data: response.request().postDataJSON() as unknown,
    });
    expect([200, 201]).toContain(again.status());
    expect(((await again.json()) as { referral: { id: string } }).referral.id).toBe(first.referral.id);

    // The clinic sees one new referral for the patient in its inbox New.
    const staff = await personIn(browser, baseURL ?? '', CLINIC_STAFF, '/referrals/inbox/new');
    const rows = staff.getByRole('row').filter({ hasText: patient.lastName });
    await expect(rows).toHaveCount(1);
    await expect(rows.locator(`a[href="/referrals/${first.referral.id}"]`).first()).toBeVisible();
    await screenshot(staff, 'portal-clinic-inbox-new');
    await staff.context().close();
  });
});

/** Tab to `field` and type `text` there, as a person without a mouse does. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field, { max: 60 });
  await page.keyboard.type(text);
}

test('a health professional sends a referral by keyboard alone; what is missing is said on its field', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const patient = person('Haddad');
  const doctor = person('Raman');

  await openPortal(page);
  await checkRadio(
    page,
    page.getByRole('radiogroup', { name: 'Who is sending this referral?' }),
    page.getByRole('radio', { name: 'Health professional' }),
  );
  const sender = region(page, 'About you and your practice');
  await typeInto(page, sender.getByRole('textbox', { name: 'First name' }), 'Priya');
  await typeInto(page, sender.getByRole('textbox', { name: 'Last name' }), doctor.lastName);
  await check(page, 'portal-professional-start');

  // Sent too soon: every missing field says so, and the focus goes to the first of them.
  await tabTo(page, page.getByRole('button', { name: 'Send referral' }), { max: 80 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Some details are missing' })).toBeVisible();
  const role = sender.getByRole('combobox', { name: 'Your role' });
  await expect(role).toBeFocused();
  await expect(sender.getByText('This field is required.').first()).toBeVisible();
  await check(page, 'portal-professional-missing');

  await chooseOption(page, role, page.getByRole('option', { name: 'General practitioner' }));
  await typeInto(
    page,
    sender.getByRole('textbox', { name: 'Practice or organisation' }),
    'Harbourside Family Medical',
  );
  await typeInto(page, sender.getByRole('textbox', { name: 'Provider number' }), '2426621B');
  await typeInto(page, sender.getByRole('textbox', { name: 'Email' }), doctor.email);

  const about = region(page, 'The patient');
  await typeInto(page, about.getByRole('textbox', { name: 'First name' }), 'Tom');
  await typeInto(page, about.getByRole('textbox', { name: 'Last name' }), patient.lastName);
  await tabTo(page, about.getByLabel('Date of birth'));
  await page.keyboard.type('02041961');
  await tabTo(page, about.getByRole('combobox', { name: 'Sex at birth' }));
  await chooseOption(
    page,
    about.getByRole('combobox', { name: 'Sex at birth' }),
    page.getByRole('option', { name: 'Male', exact: true }),
  );
  const concession = about.getByRole('combobox', { name: 'Concession card' });
  await tabTo(page, concession);
  await chooseOption(page, concession, page.getByRole('option', { name: 'Health Care Card' }));
  await typeInto(
    page,
    region(page, 'Reason for referral').getByRole('textbox', { name: 'Why is the patient being referred?' }),
    'Exertional chest tightness; resting ECG normal.',
  );

  const choose = page.getByRole('button', { name: 'Choose files for Letters, results and images' });
  await tabTo(page, choose, { max: 80 });
  await chooseFile(page, choose, {
    name: 'ecg.pdf',
    mimeType: 'application/pdf',
    buffer: letterPdf('Resting ECG: sinus rhythm.'),
  });
  await expect(region(page, 'Files').getByRole('listitem').filter({ hasText: 'ecg.pdf' })).toContainText(
    'attached',
  );

  await tabTo(page, region(page, 'Consent').getByRole('checkbox'));
  await page.keyboard.press('Space');
  await expect(region(page, 'Consent').getByRole('checkbox')).toBeChecked();

  await tabTo(page, page.getByRole('button', { name: 'Send me a code' }));
  await page.keyboard.press('Enter');
  const code = await emailedCode(doctor.email);
  await typeInto(page, page.getByRole('textbox', { name: 'Code from the email' }), code);
  await tabTo(page, captchaBox(page));
  await page.keyboard.press('Space');
  await expect(captchaBox(page)).toBeChecked({ timeout: 30_000 });

  // Enter twice on the button: one referral.
  const answered = await submitReferral(page, async (button) => {
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
  });
  const { referral } = (await answered.json()) as { referral: { id: string } };
  expect(referral.id).toBeTruthy();
  await check(page, 'portal-professional-sent');

  const clinic = await apiSessionFor(browser, baseURL ?? '', CLINIC_STAFF);
  const inbox = await clinic.request.get('/api/referrals/', {
    params: { box: 'inbox', list: 'new', page_size: 100 },
    headers: clinic.headers,
  });
  expect(inbox.ok()).toBe(true);
  const ours = (
    (await inbox.json()) as { results: { id: string; patient: { name?: string } | null }[] }
  ).results.filter((row) => JSON.stringify(row).includes(patient.lastName));
  expect(ours.map((row) => row.id)).toEqual([referral.id]);
  await clinic.close();
});

test('an address without a portal says so', async ({ page }) => {
  await page.goto('/refer/no-such-clinic');
  await expect(
    page.getByRole('heading', { level: 1, name: 'This referral portal is not available' }),
  ).toBeVisible();
  await check(page, 'portal-missing');
});
