import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectAccessible } from './accessibility';
import { freshSubmittedReferral } from './referral-api';
import { personIn, screenshot } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

/** The unread count beside a box's Reports link in the side navigation; 0 when it shows none. */
async function reportsUnread(page: Page, box: 'Inbox' | 'Outbox'): Promise<number> {
  const group = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('group', { name: box });
  const badge = group.getByRole('link', { name: /^Reports/ }).getByLabel(/^\d+ unread$/);
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

/**
 * The referrer whose Reports counter this spec counts: Lucy Tran, a specialist in training at the demo
 * practice, whom no other spec signs in as or sends referrals for. The demo GP's reports inbox is changed
 * by the specs running beside this one (a request for advice answered, a report to the patient).
 */
const REFERRER = 'lucy.tran@demo.test';

const PDF = Buffer.from('%PDF-1.7\n% echocardiogram\n%%EOF\n');

test('the specialist writes a report from a template and sends it; the referrer finds it new, opens and reviews it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const id = await freshSubmittedReferral(browser, baseURL ?? '', {}, { from: REFERRER });
  const referrer = await personIn(browser, baseURL ?? '', REFERRER);
  const unreadBefore = await reportsUnread(referrer, 'Inbox');

  // The specialist starts a blank report by mistake and deletes the draft, after confirming.
  const specialist = await personIn(browser, baseURL ?? '', 'specialist@demo.test', `/referrals/${id}`);
  const reports = specialist.getByRole('region', { name: 'Clinical reports' });
  await expect(reports.getByText('No reports yet.')).toBeVisible();
  await reports.getByRole('button', { name: 'Write a report' }).click();
  await expect(specialist).toHaveURL(new RegExp(`/referrals/${id}/report/[0-9a-f-]{36}$`));
  await expect(specialist.getByRole('heading', { level: 1, name: 'Write the report' })).toBeVisible();
  await specialist.getByRole('button', { name: 'Delete draft' }).click();
  const confirmDelete = specialist.getByRole('dialog', { name: 'Delete this draft?' });
  await expect(confirmDelete.getByText('The draft and its files are deleted for good.')).toBeVisible();
  await expectAccessible(specialist, 'the delete draft report dialog');
  await confirmDelete.getByRole('button', { name: 'Delete draft' }).click();
  await expect(specialist).toHaveURL(`/referrals/${id}`);
  await expect(reports.getByText('No reports yet.')).toBeVisible();

  // Then starts the report from the clinic's template on the referral page.
  await reports.getByRole('combobox', { name: 'Start from a template' }).click();
  const template = specialist.getByRole('option', { name: 'Cardiology consultation', exact: true });
  await expect(template).toBeVisible();
  await expectAccessible(specialist, 'the clinical reports of a referral, choosing a template');
  await screenshot(specialist, 'report-template-picker');
  await template.click();
  await expect(reports.getByRole('combobox', { name: 'Start from a template' })).toHaveValue(
    'Cardiology consultation',
  );
  await reports.getByRole('button', { name: 'Write a report' }).click();
  await expect(specialist).toHaveURL(new RegExp(`/referrals/${id}/report/[0-9a-f-]{36}$`));
  const reportUrl = new URL(specialist.url()).pathname;
  await expect(specialist.getByRole('heading', { level: 1, name: 'Write the report' })).toBeVisible();

  const body = specialist.getByRole('textbox', { name: 'Report' });
  await expect(body.getByRole('heading', { name: 'Assessment' })).toBeVisible();
  await body.getByText('Thank you for referring this patient').click();
  await specialist.keyboard.press('End');
  await specialist.keyboard.type(' Her palpitations are from paroxysmal atrial fibrillation.');
  await specialist.getByRole('textbox', { name: 'Title' }).fill('Cardiology consultation');
  await specialist.locator('input[type=file]').setInputFiles({
    name: 'holter-summary.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(specialist.getByText('holter-summary.pdf')).toBeVisible();
  // A file that is not what it says is refused with the section 8 words, and nothing is lost.
  await specialist.locator('input[type=file]').setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('plain text'),
  });
  await expect(specialist.getByRole('alert')).toContainText('The file notes.pdf cannot be uploaded.');
  await expect(specialist.getByRole('alert')).toContainText(
    'Please try again, or contact your system administrator.',
  );
  await expectAccessible(specialist, 'writing a report');
  await screenshot(specialist, 'report-write');

  await specialist.getByRole('button', { name: 'Send to the referrer' }).click();
  await expect(specialist.getByRole('heading', { level: 1, name: 'Cardiology consultation' })).toBeVisible();
  await expect(specialist.getByText('Submitted', { exact: true })).toBeVisible();

  // The referrer's Reports counter goes up (polled every 20 s); the report is new and unread in the reports inbox.
  await expect.poll(() => reportsUnread(referrer, 'Inbox'), { timeout: 45_000 }).toBe(unreadBefore + 1);
  await expect(referrer.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible({
    timeout: 45_000,
  });
  await referrer
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('group', { name: 'Inbox' })
    .getByRole('link', { name: /^Reports/ })
    .click();
  await referrer.getByRole('link', { name: 'New', exact: true }).click();
  await expect(referrer).toHaveURL('/clinical-reports/inbox/new');
  const row = referrer.getByRole('row').filter({ has: referrer.locator(`a[href="${reportUrl}"]`) });
  await expect(row.getByRole('img', { name: 'Unread' })).toBeVisible();
  await expect(row.getByText('Submitted', { exact: true })).toBeVisible();
  await expectAccessible(referrer, 'the reports inbox');
  await screenshot(referrer, 'report-inbox');

  // Opening it puts it under review; the referrer reads the text and the file, and marks it reviewed.
  await row.locator(`a[href="${reportUrl}"]`).click();
  await expect(referrer.getByText('Under review', { exact: true })).toBeVisible();
  await expect(referrer.getByText('paroxysmal atrial fibrillation')).toBeVisible();
  await expect(referrer.getByRole('heading', { name: 'Assessment' })).toBeVisible();
  await expect(referrer.getByRole('button', { name: 'Download holter-summary.pdf' })).toBeVisible();
  await expectAccessible(referrer, 'reading a report');
  await screenshot(referrer, 'report-read');
  const pdf = referrer.waitForEvent('download');
  await referrer.getByRole('button', { name: 'Download PDF' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/\.pdf$/);
  // The same report as an HL7 v2 ORU^R01, for the practice's secure messaging or its clinical record.
  const hl7 = referrer.waitForEvent('download');
  await referrer.getByRole('button', { name: 'Download as an HL7 v2 message' }).click();
  const message = await readFile((await (await hl7).path()) ?? '', 'utf8');
  expect(message).toMatch(/^MSH\|\^~\\&\|/);
  expect(message).toContain('|ORU^R01^ORU_R01|');

  await referrer.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(referrer.getByText('Reviewed', { exact: true })).toBeVisible();
  await expect(referrer.getByRole('button', { name: 'Mark under review' })).toBeVisible();

  // The specialist's outbox shows it reviewed, as news.
  await specialist.goto('/clinical-reports/outbox/reviewed');
  const sent = specialist.getByRole('row').filter({ has: specialist.locator(`a[href="${reportUrl}"]`) });
  await expect(sent.getByRole('img', { name: 'Unread' })).toBeVisible();
  await expectAccessible(specialist, 'the reports outbox');
  await screenshot(specialist, 'report-outbox');
});
