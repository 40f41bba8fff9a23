import { expect, test, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectAccessible } from './accessibility';
import { chooseReceiver, nextButton, stepHeading } from './referral-wizard-steps';
import { screenshot } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

/** The sandbox clinical record system the e2e run starts beside the app (playwright.config.ts). */
const sandbox = `http://localhost:${process.env.E2E_EHR_PORT}`;

async function sandboxFailures(page: Page, failures: object) {
  const answer = await page.request.post(`${sandbox}/sandbox/failures`, { data: failures });
  expect(answer.ok()).toBe(true);
}

/** Dr Mitchell presses "Launch Referrals" on Margaret Thompson's record and signs in at the record system. */
async function launchFromRecord(page: Page) {
  await page.goto(sandbox);
  await page.getByRole('button', { name: 'Launch Referrals for Margaret Thompson' }).click();
  // Referrals sends her to the record system's own sign-in, with her address filled in.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('gp@demo.test');
  await page.getByLabel('Password').fill('sandbox');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/*
 * A launch from the clinical record (issue 29; docs/clinical-record.md): the GP launches Referrals from the
 * sandbox record, signs in there only, and the draft opens with the patient and a clinical summary read
 * from the record; she edits one line and sends it, and the letter is filed back to the record.
 */
test('a GP launches Referrals from the clinical record, sends the prefilled referral and it is filed back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.request.post(`${sandbox}/sandbox/reset`);
  await launchFromRecord(page);

  // Signed in to Referrals by the launch: the draft opens on its receiver step, saying where it came from.
  await expect(page.getByRole('heading', { level: 1, name: 'New referral' })).toBeVisible({
    timeout: 20_000,
  });
  const notice = page.getByRole('alert').filter({ hasText: 'Started from your clinical record' });
  await expect(notice).toContainText('Margaret Anne Thompson and a clinical summary were read');
  await expectAccessible(page, 'a draft started from a clinical record');
  await screenshot(page, 'clinical-record-draft');
  await chooseReceiver(page);

  // The patient is the record's; the receiver's BMI fields are filled from the record's weight and height.
  await expect(stepHeading(page, 'The patient')).toBeVisible();
  await expect(page.getByText('Margaret Anne Thompson').first()).toBeVisible();
  await nextButton(page).click();
  await expect(stepHeading(page, 'The receiver’s forms')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Weight (kg)' })).toHaveValue('78.4');
  await expect(page.getByRole('textbox', { name: 'Height (cm)' })).toHaveValue('162');
  await expect(page.getByRole('textbox', { name: 'BMI' })).toHaveValue('29.9');
  await nextButton(page).click();
  await expect(stepHeading(page, 'Attachments')).toBeVisible();
  await nextButton(page).click();

  // The summary from the record, which she checks and changes before it goes.
  await expect(stepHeading(page, 'Message and provider details')).toBeVisible();
  // Her provider number at the practice came with the launch (the record's CTX-PROVIDER).
  await expect(page.getByRole('textbox', { name: 'Your provider number' })).toHaveValue('2426621B');
  const summary = page.getByRole('group', { name: 'Active conditions' });
  await expect(summary.getByRole('textbox', { name: 'Condition 1', exact: true })).toHaveValue(
    'Hypertension',
  );
  await expect(page.getByRole('group', { name: 'Current medicines' }).getByRole('textbox')).not.toHaveCount(
    0,
  );
  const allergy = page.getByRole('textbox', { name: 'Allergy 1', exact: true });
  await expect(allergy).toHaveValue('Allergy to penicillin');
  await allergy.fill('Penicillin: urticaria, avoid all penicillins');
  await expectAccessible(page, 'the clinical summary of a draft started from a clinical record');
  await screenshot(page, 'clinical-record-summary');
  await nextButton(page).click();
  await expect(stepHeading(page, 'Renewal and notifications')).toBeVisible();
  await page.getByRole('button', { name: 'Submit referral' }).click();

  // The referral page shows the summary as she left it, and the letter filed back to her record.
  await expect(page).toHaveURL(/\/referrals\/[0-9a-f-]+$/);
  const card = page.getByRole('region', { name: 'Clinical summary' });
  await expect(card.getByText('Penicillin: urticaria, avoid all penicillins')).toBeVisible();
  await expect(card.getByText(/The letter was filed to your clinical record on/)).toBeVisible({
    timeout: 20_000,
  });
  await expectAccessible(page, 'a referral filed back to the clinical record');
  await screenshot(page, 'clinical-record-filed');

  // The record has it: the sandbox lists the letter filed for her, a PDF.
  await page.goto(sandbox);
  const filed = page.getByRole('link', { name: /Referral to North Shore Heart Clinic \(PDF\)/ });
  await expect(filed).toBeVisible();
  const letter = await page.request.get(new URL((await filed.getAttribute('href')) ?? '', sandbox).href);
  expect(letter.headers()['content-type']).toContain('application/pdf');
  expect((await letter.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a record system that answers 401 shows the expired message, and an unknown one says so', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.request.post(`${sandbox}/sandbox/reset`);
  // The record system's FHIR server turns the launch's token away once she has signed in.
  await page.goto(sandbox);
  await page.getByRole('button', { name: 'Launch Referrals for Margaret Thompson' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await sandboxFailures(page, { fhir: 'unauthorized' });
  await page.getByLabel('Password').fill('sandbox');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'The referral could not be started' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    page.getByText('Integration expired, please try launching Referrals from SmartLaunch again.'),
  ).toBeVisible();
  await expectAccessible(page, 'a launch the record system expired');
  await screenshot(page, 'clinical-record-expired');
  await sandboxFailures(page, { fhir: null });

  // A launch from a record system Referrals is not connected to: said on the launch screen, before sign-in.
  await page.goto(`/?launch=abc&iss=${encodeURIComponent('https://ehr.elsewhere.example/fhir')}`);
  await expect(page.getByRole('heading', { name: 'Referrals could not be launched' })).toBeVisible();
  await expect(page.getByText('This clinical record system is not connected to Referrals.')).toBeVisible();
  await expectAccessible(page, 'the launch screen, refusing an unknown record system');
  await screenshot(page, 'clinical-record-launch-refused');
});

/*
 * While the clinical system is flagged unavailable (spec section 9), a launch at / goes to /sanro-unavailable
 * instead (spec section 2). The flag is the server's, so this starts one of its own with it on.
 */
test('a launch while the clinical system is unavailable goes to its page', async ({ page }) => {
  test.setTimeout(90_000);
  const port = Number(process.env.E2E_PORT ?? 3100) + 41;
  const root = path.resolve(import.meta.dirname, '..', '..');
  // On an embedded database of its own, with nothing seeded: the redirect comes before any sign-in.
  const { DATABASE_URL: _shared, ...env } = process.env;
  const server = spawn(process.execPath, [path.join(root, 'apps', 'server', 'dist', 'main.js')], {
    stdio: 'ignore',
    env: {
      ...env,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'referrals-unavailable-')),
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      INBOUND_SMTP_PORT: '',
      FEATURE_CLINICAL_SYSTEM_UNAVAILABLE: 'on',
    },
  });
  try {
    await expect
      .poll(
        async () =>
          (await page.request.get(`http://localhost:${port}/api/health`).catch(() => null))?.status(),
        {
          timeout: 60_000,
        },
      )
      .toBe(200);
    await page.goto(`http://localhost:${port}/?launch=abc&iss=${encodeURIComponent(`${sandbox}/fhir`)}`);
    await expect(page).toHaveURL(/\/sanro-unavailable$/);
    await expect(page.getByRole('heading', { name: 'Clinical system unavailable' })).toBeVisible();
    await expectAccessible(page, 'the clinical system unavailable page');
    await screenshot(page, 'clinical-system-unavailable');
  } finally {
    server.kill();
  }
});
