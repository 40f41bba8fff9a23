import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
// The server's own reader of its letters (its letter tests use it), with none of the renderer's code.
import { readPdf, textOf } from '../../apps/server/src/modules/referrals/letter/read-pdf-test-helpers.ts';
import { expectAccessible } from './accessibility';
import { tabTo } from './keyboard';
import { apiSessionFor, freshSubmittedReferral } from './referral-api';
import { personIn, screenshot } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

/** The unread count beside a box's Case Conferences link in the side navigation; 0 when it shows none. */
async function conferencesUnread(page: Page, box: 'Inbox' | 'Outbox'): Promise<number> {
  const group = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('group', { name: box });
  const badge = group.getByRole('link', { name: /^Case Conferences/ }).getByLabel(/^\d+ unread$/);
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

/*
 * A case conference on a referral (issue 28; docs/case-conferences.md), two people side by side: the GP
 * starts it on a referral of this test's own and invites the specialist, they talk, each sees the other's
 * message arrive and read without reloading, the owner closes it, and the archive PDF downloads.
 */
test('a GP and a specialist hold a case conference on a referral, from start to archive', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const id = await freshSubmittedReferral(browser, baseURL ?? '');
  const gp = await personIn(browser, baseURL ?? '', 'gp@demo.test', `/referrals/${id}?tab=conference`);
  const specialist = await personIn(browser, baseURL ?? '', 'specialist@demo.test');
  // What his counter stood at, asked of the server: the badge may not have loaded yet.
  const specialistApi = await apiSessionFor(browser, baseURL ?? '', 'specialist@demo.test');
  const stats = await specialistApi.request.get('/api/referrals/cases/stats/', {
    headers: specialistApi.headers,
  });
  const unreadBefore = ((await stats.json()) as { inbox: { unread: number } }).inbox.unread;
  await specialistApi.close();

  // The GP starts it, inviting Dr James Chen found by name.
  const gpSection = gp.getByRole('region', { name: 'Case conference' });
  await expect(gpSection.getByText('A case conference stays open for 14 days.')).toBeVisible();
  await expectAccessible(gp, 'the case conference tab, before one is started');
  const picker = gpSection.getByRole('combobox', { name: 'Invite colleagues' });
  await picker.fill('Chen');
  await gp.getByRole('option', { name: /Dr James Chen · North Shore Heart Clinic/ }).click();
  await screenshot(gp, 'case-conference-start');
  await gpSection.getByRole('button', { name: 'Start a case conference' }).click();
  await expect(gpSection.getByText('Active', { exact: true })).toBeVisible();
  const people = gpSection.getByRole('list', { name: 'People in this case conference' });
  await expect(people.getByRole('listitem')).toHaveText([
    /Dr Sarah Mitchell \(you\).*Started it/,
    /Dr James Chen.*Invited/,
  ]);
  await expect(gpSection.getByText('Dr Sarah Mitchell invited Dr James Chen')).toBeVisible();

  // She writes first, by keyboard: Ctrl+Enter sends.
  const gpBox = gpSection.getByRole('textbox', { name: 'Your message' });
  await tabTo(gp, gpBox, { max: 80 });
  await gp.keyboard.type('Could you see her this week? Her ECG shows new atrial fibrillation.');
  await gp.keyboard.press('Control+Enter');
  const gpLog = gpSection.getByRole('log', { name: 'Case conference messages' });
  await expect(gpLog.getByText('Her ECG shows new atrial fibrillation.', { exact: false })).toBeVisible();
  await expect(gpBox).toHaveValue('');
  await expectAccessible(gp, 'the case conference tab, active, owner');

  // The specialist's inbox counts the unread message (at his next look, not the next 20 s poll); his
  // list shows the conference, new.
  await specialist.reload();
  await expect.poll(() => conferencesUnread(specialist, 'Inbox'), { timeout: 30_000 }).toBe(unreadBefore + 1);
  const nav = specialist.getByRole('navigation', { name: 'Main navigation' });
  await nav
    .getByRole('group', { name: 'Inbox' })
    .getByRole('link', { name: /^Case Conferences/ })
    .click();
  await expect(specialist).toHaveURL('/referrals/inbox/case-conference-active');
  const link = specialist.locator(`a[href^="/referrals/${id}?tab=conference"]`);
  const row = specialist.getByRole('row').filter({ has: link });
  await expect(row.getByRole('img', { name: '1 unread messages' })).toBeVisible();
  await expect(row).toContainText('Harbourside Family Medical Practice');
  await expectAccessible(specialist, 'the inbox case conferences list');
  await screenshot(specialist, 'case-conference-inbox-list');
  await link.click();
  await expect(specialist).toHaveURL(new RegExp(`/referrals/${id}\\?tab=conference`));
  const spSection = specialist.getByRole('region', { name: 'Case conference' });
  await expect(spSection.getByText('You are invited. Join to write to the others.')).toBeVisible();
  await expect(spSection.getByText('Her ECG shows new atrial fibrillation.', { exact: false })).toBeVisible();
  await expectAccessible(specialist, 'the case conference tab, invited');
  await screenshot(specialist, 'case-conference-invited');
  await spSection.getByRole('button', { name: 'Join the case conference' }).click();

  // Reading it moved his read mark: the GP sees it under her message, without reloading.
  await expect(gpLog.getByText('Seen by Dr James Chen')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => conferencesUnread(specialist, 'Inbox'), { timeout: 30_000 }).toBe(unreadBefore);

  const spBox = spSection.getByRole('textbox', { name: 'Your message' });
  await spBox.fill('Yes, Thursday at 9:30. Please start apixaban in the meantime.');
  await spSection.getByRole('button', { name: 'Send' }).click();
  await expect(gpLog.getByText('Yes, Thursday at 9:30.', { exact: false })).toBeVisible({ timeout: 20_000 });
  await expect(spSection.getByRole('log').getByText('Seen by Dr Sarah Mitchell')).toBeVisible({
    timeout: 20_000,
  });
  await expectAccessible(specialist, 'the case conference tab, joined');
  await screenshot(gp, 'case-conference-active');

  // She invites a colleague of the clinic who does not work its inbox: Helen Brooks cannot open the
  // referral itself, and finds the conference alone at its address.
  await gpSection.getByRole('button', { name: 'Invite colleagues' }).click();
  const inviting = gp.getByRole('dialog', { name: 'Invite colleagues' });
  await inviting.getByRole('combobox', { name: 'Colleagues to invite' }).fill('Brooks');
  await gp.getByRole('option', { name: /Ms Helen Brooks · North Shore Heart Clinic/ }).click();
  // Escape closes the list of names, not the dialog.
  await gp.keyboard.press('Escape');
  await expect(inviting).toBeVisible();
  await expectAccessible(gp, 'the invite colleagues dialog');
  await screenshot(gp, 'case-conference-invite-dialog');
  await inviting.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(inviting).toBeHidden();
  await expect(people.getByRole('listitem').filter({ hasText: 'Ms Helen Brooks' })).toContainText('Invited');
  const colleague = await personIn(
    browser,
    baseURL ?? '',
    'helen.brooks@demo.test',
    `/referrals/${id}?tab=conference`,
  );
  await expect(colleague.getByRole('heading', { level: 1, name: /^Case conference about / })).toBeVisible();
  const colleagueSection = colleague.getByRole('region', { name: 'Case conference' });
  await expect(colleagueSection.getByText('Yes, Thursday at 9:30.', { exact: false })).toBeVisible();
  await expect(colleagueSection.getByText('You are invited. Join to write to the others.')).toBeVisible();
  await expectAccessible(colleague, 'the case conference of a referral the invitee cannot open');
  await screenshot(colleague, 'case-conference-invitee-only');
  await colleague.context().close();

  // The owner closes it, after a question; it is read-only for both, and its archive downloads.
  await gpSection.getByRole('button', { name: 'Close', exact: true }).click();
  const confirm = gp.getByRole('dialog', { name: 'Close this case conference?' });
  await expectAccessible(gp, 'the close case conference dialog');
  await confirm.getByRole('button', { name: 'Close the case conference' }).click();
  await expect(confirm).toBeHidden();
  await expect(gpSection.getByText('Closed', { exact: true })).toBeVisible();
  await expect(gpSection.getByText(/Dr Sarah Mitchell closed this case conference on/)).toBeVisible();
  await expect(gpSection.getByRole('textbox', { name: 'Your message' })).toHaveCount(0);
  await expect(spSection.getByRole('textbox', { name: 'Your message' })).toHaveCount(0, { timeout: 20_000 });
  await expect(spSection.getByText('Dr Sarah Mitchell closed the case conference')).toBeVisible();
  await expectAccessible(specialist, 'the case conference tab, closed');
  await screenshot(specialist, 'case-conference-closed');

  const download = gp.waitForEvent('download');
  await gpSection.getByRole('button', { name: 'Download the archive (PDF)' }).click();
  const archive = await download;
  expect(archive.suggestedFilename()).toMatch(/^case-conference-[0-9a-f-]+\.pdf$/);
  // Read back as a PDF reader finds its way through the file: every message is there, with its author.
  const text = textOf(readPdf(await readFile((await archive.path()) ?? '')));
  expect(text).toContain('Her ECG shows new atrial fibrillation.');
  expect(text).toContain('Please start apixaban in the meantime.');
  expect(text).toContain('Dr James Chen');
});
