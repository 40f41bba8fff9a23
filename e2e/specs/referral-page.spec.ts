import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expectAccessible } from './accessibility';
import { freshSubmittedReferral, referralActionBy } from './referral-api';
import { screenshot, signIn } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

type ListItem = { id: string; type: string; status: { value: string }; side: string };

/**
 * The bearer token of the signed-in app, read off its own API calls: the list pages are another issue's,
 * so the tests find their demo referral through the API, as the app would.
 */
function watchToken(page: Page): () => string {
  let token = '';
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (header !== undefined && request.url().includes('/api/')) token = header;
  });
  return () => token;
}

/**
 * A specialist of the demo practice who refers too, and whom no other spec signs in as: the referral they
 * archive here is in no other spec's lists (the GP's Archive is checked empty beside this one).
 */
const REFERRER = 'michael.russo@demo.test';

/** A small but real PDF: the server reads the type from the bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('a referrer opens a sent referral, uploads and downloads an attachment, shares it, archives and unarchives it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A referral of the test's own, under review at the clinic.
  const id = await freshSubmittedReferral(browser, baseURL ?? '', {}, { from: REFERRER });
  await referralActionBy(browser, baseURL ?? '', 'specialist@demo.test', id, 'view');
  await signIn(page, { to: '/', email: REFERRER });

  await page.goto(`/referrals/${id}?returnURL=%2Freferrals%2Foutbox%2Funder-review`);
  // The first open loads the app again (a full navigation), on a machine shared by several runs.
  await expect(page.getByRole('heading', { level: 1, name: /^Referral for / })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Under review', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute(
    'href',
    '/referrals/outbox/under-review',
  );
  await expect(page.getByRole('link', { name: 'Recall' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Triage' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
  // The sender side's verification code, in the page's axe check.
  const verification = page.getByRole('region', { name: 'Verification code' });
  await expect(verification.getByText(/^\d{3} \d{3}$/)).toBeVisible();
  await expect(verification.getByText(/^Changes in \d+ s$/)).toBeVisible();
  await expectAccessible(page, 'referral page (sender)');
  await screenshot(page, 'referral-page-sender');

  // Upload a supplementary attachment, then download it.
  const supplementary = page.getByRole('region', { name: 'Supplementary attachments' });
  await supplementary.getByLabel('Note for the next supplementary attachment').fill('Latest ECG');
  const chooser = page.waitForEvent('filechooser');
  await supplementary.getByRole('button', { name: 'Upload a file' }).click();
  await (await chooser).setFiles({ name: 'ecg-2026.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(supplementary.getByText('ecg-2026.pdf')).toBeVisible();
  await expect(supplementary.getByText('Latest ECG')).toBeVisible();
  const download = page.waitForEvent('download');
  await supplementary.getByRole('button', { name: 'Download ecg-2026.pdf' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('ecg-2026.pdf');
  expect(await readFile(await saved.path())).toEqual(PDF);
  await screenshot(page, 'referral-page-attachment');
  await page.getByRole('region', { name: 'Attachments', exact: true }).screenshot({
    path: path.join(import.meta.dirname, '..', 'screenshots', 'referral-page-attachments-section.png'),
  });
  await page.getByRole('region', { name: 'History' }).screenshot({
    path: path.join(import.meta.dirname, '..', 'screenshots', 'referral-page-history-section.png'),
  });

  // Deleting an attachment asks first.
  await supplementary.getByRole('button', { name: 'Delete ecg-2026.pdf' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this attachment?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'delete attachment dialog');
  await screenshot(page, 'referral-page-delete-attachment');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(supplementary.getByText('ecg-2026.pdf')).toHaveCount(0);

  // The share and delete dialogs, checked and left without acting.
  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share this referral' });
  await expect(share.getByRole('combobox', { name: 'Establishment' })).toBeVisible();
  await expectAccessible(page, 'share dialog');
  await screenshot(page, 'referral-page-share');
  // Or with a colleague of the practice, who then finds it in their Shared inbox.
  await share.getByRole('radio', { name: 'A colleague' }).check();
  await share.getByRole('combobox', { name: 'Colleague' }).click();
  const colleague = page.getByRole('option', { name: "Ms Karen O'Brien" });
  await expect(colleague).toBeVisible();
  await expectAccessible(page, 'share dialog, choosing a colleague');
  await screenshot(page, 'referral-page-share-colleague');
  await colleague.click();
  await share.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Referral shared')).toBeVisible();
  await expect(share).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const remove = page.getByRole('dialog', { name: 'Delete this referral?' });
  await expectAccessible(page, 'delete referral dialog');
  await screenshot(page, 'referral-page-delete');
  await remove.getByRole('button', { name: 'Cancel' }).click();

  // Tags and sticky notes are the practice's own.
  await page.getByLabel('New tag').fill('Cardiac follow-up');
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByRole('button', { name: 'Remove tag Cardiac follow-up' })).toBeVisible();
  await page.getByLabel('New note').fill('Call the patient once the appointment is booked.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(
    page.getByRole('paragraph').filter({ hasText: 'Call the patient once the appointment is booked.' }),
  ).toBeVisible();
  await expect(page.getByLabel('New note')).toHaveValue('');
  await page.getByRole('region', { name: 'Sticky notes' }).scrollIntoViewIfNeeded();
  await expectAccessible(page, 'referral page with a tag and a note');
  await screenshot(page, 'referral-page-tags-notes');

  // Each is edited where it is shown: Escape leaves it as it was, Save keeps the change.
  const notes = page.getByRole('region', { name: 'Sticky notes' });
  await notes.getByRole('button', { name: 'Edit this note' }).click();
  const editing = notes.getByRole('textbox', { name: 'Edit note' });
  await editing.fill('');
  await notes.getByRole('button', { name: 'Save' }).click();
  await expect(notes.getByText('This field is required.')).toBeVisible();
  await expectAccessible(page, 'editing a sticky note, with the server’s message');
  await notes.screenshot({
    path: path.join(import.meta.dirname, '..', 'screenshots', 'referral-page-note-editing.png'),
  });
  await editing.press('Escape');
  await expect(editing).toHaveCount(0);
  await expect(notes.getByRole('button', { name: 'Edit this note' })).toBeFocused();
  await notes.getByRole('button', { name: 'Edit this note' }).click();
  await editing.fill('Call the patient on Monday.');
  await notes.getByRole('button', { name: 'Save' }).click();
  await expect(notes.getByText('Call the patient on Monday.')).toBeVisible();
  const tags = page.getByRole('region', { name: 'Tags' });
  await tags.getByRole('button', { name: 'Rename tag Cardiac follow-up' }).click();
  await tags.getByRole('textbox', { name: 'New name for the tag Cardiac follow-up' }).fill('Cardiac review');
  await expectAccessible(page, 'renaming a tag');
  await tags.screenshot({
    path: path.join(import.meta.dirname, '..', 'screenshots', 'referral-page-tag-renaming.png'),
  });
  await tags.getByRole('button', { name: 'Save' }).click();
  await expect(tags.getByRole('button', { name: 'Remove tag Cardiac review' })).toBeVisible();

  // The letter: saved as a PDF, and shown without the app's chrome in the print view.
  const letter = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await letter;
  expect(pdf.suggestedFilename()).toBe(`referral-${id}.pdf`);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
  const opened = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Print' }).click();
  const printView = await opened;
  await expect(printView).toHaveURL(`/referrals/pdf?id=${id}`);
  await expect(printView.locator('iframe[title="Referral letter"]')).toBeVisible({ timeout: 20_000 });
  await expect(printView.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  // No axe check here: Chromium's PDF viewer in the frame never lets the page reach network idle, which
  // the shared check waits for.
  await screenshot(printView, 'referral-page-print-view');
  await printView.close();

  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('button', { name: 'Unarchive' })).toBeVisible();
  await expect(page.getByText(/Archived/)).toBeVisible();
  await page.getByRole('button', { name: 'Unarchive' }).click();
  await expect(page.getByRole('button', { name: 'Archive' })).toBeVisible();

  // The colleague it was shared with reads it from their Shared inbox.
  const colleagueSession = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const colleaguePage = await colleagueSession.newPage();
  await signIn(colleaguePage, { email: 'pm@demo.test', to: '/referrals/inbox/shared' });
  await expect(colleaguePage.locator(`a[href="/referrals/${id}"]`).first()).toBeVisible();
  await colleagueSession.close();
});

test('the specialist opens a submitted referral and it becomes Under review', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const id = await freshSubmittedReferral(browser, baseURL ?? '');
  const token = watchToken(page);
  await signIn(page, { to: '/', email: 'specialist@demo.test' });

  await page.goto(`/referrals/${id}`);
  // The first open loads the app again (a full navigation), on a machine shared by several runs.
  await expect(page.getByRole('heading', { level: 1, name: /^Referral for / })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Under review', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Triage' })).toHaveAttribute('href', `/referrals/${id}/triage`);
  await expect(page.getByRole('link', { name: 'Return' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Recall' })).toHaveCount(0);
  await expectAccessible(page, 'referral page (receiver)');
  await screenshot(page, 'referral-page-receiver');

  const reread = await page.request.get(`/api/referrals/${id}/`, { headers: { authorization: token() } });
  expect(((await reread.json()) as ListItem).status.value).toBe('VWD');
});

test('a referral that is missing, or another establishment’s, shows a friendly not-found page', async ({
  page,
}) => {
  await signIn(page, { to: '/referrals/00000000-0000-4000-8000-000000000000' });
  await expect(page.getByRole('heading', { level: 1, name: 'Referral not found' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toBeVisible();
  await expectAccessible(page, 'referral not found');
  await screenshot(page, 'referral-page-not-found');
});
