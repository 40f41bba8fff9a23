import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { choose, next } from './flow-steps';
import { freshSubmittedReferral } from './referral-api';
import { screenshot, signIn } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

test('the specialist returning a referral adds, renames, inserts and deletes a return message template', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const id = await freshSubmittedReferral(browser, baseURL as string);
  // Opening it as the receiver marks it viewed, which is when it can be returned.
  await signIn(page, { email: 'specialist@demo.test', to: `/referrals/${id}` });
  await expect(page.getByRole('link', { name: 'Return', exact: true })).toBeVisible();
  await page.goto(`/referrals/${id}/return`);
  await choose(page, 'Reason for return', 'Duplicate referral');
  await next(page, 'Message to the referrer');
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Thank you for the referral.');

  await page.getByRole('button', { name: 'Manage templates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message templates' });
  await dialog.getByRole('button', { name: 'New template' }).click();
  await dialog.getByRole('textbox', { name: 'Template name' }).fill('Already seen');
  await dialog
    .getByRole('textbox', { name: 'Template text' })
    .fill('We saw your patient at the clinic last week; no further appointment is needed.');
  await expectAccessible(page, 'message templates, a new template');
  await screenshot(page, 'message-templates-new');
  await dialog.getByRole('button', { name: 'Add template' }).click();
  const added = dialog.getByRole('listitem', { name: 'Already seen' });
  await expect(added).toBeVisible();
  await expectAccessible(page, 'message templates');
  await screenshot(page, 'message-templates');

  await dialog.getByRole('button', { name: 'Edit Already seen' }).click();
  await dialog.getByRole('textbox', { name: 'Template name' }).fill('Seen last week');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(dialog.getByRole('listitem', { name: 'Seen last week' })).toBeVisible();
  await expect(added).toBeHidden();

  await dialog.getByRole('button', { name: 'Insert Seen last week' }).click();
  await expect(dialog).toBeHidden();
  await expect(message).toHaveValue(
    'Thank you for the referral.\n\nWe saw your patient at the clinic last week; no further appointment is needed.',
  );

  await page.getByRole('button', { name: 'Manage templates' }).click();
  await dialog.getByRole('button', { name: 'Delete Seen last week' }).click();
  await expectAccessible(page, 'message templates, deleting one');
  await screenshot(page, 'message-templates-delete');
  await dialog.getByRole('button', { name: 'Delete template' }).click();
  await expect(page.getByText('Template “Seen last week” deleted')).toBeVisible();
  await expect(dialog.getByRole('listitem', { name: 'Seen last week' })).toBeHidden();
});
