import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { tabTo } from './keyboard';
import { freshSubmittedReferral } from './referral-api';
import { screenshot, signIn } from './sign-in-helpers';

/*
 * The patient's own link to an in-app referral (issue 26; docs/external-access.md): the sender emails it
 * from the referral's page, by keyboard, on a referral of this test's own.
 */
test('the GP emails the patient their own link from the referral page, by keyboard', async ({
  page,
  browser,
  baseURL,
}) => {
  // Up to 80 Tabs, each checked, through a page that loads as it is tabbed (the case conference's invitee
  // picker fetches on focus): 31 s in CI on the shared two-core machine, past the default 30 s.
  test.setTimeout(60_000);
  const id = await freshSubmittedReferral(browser, baseURL ?? '');
  await signIn(page, { to: `/referrals/${id}` });
  const panel = page.getByRole('region', { name: 'The patient’s own link' });
  const send = panel.getByRole('button', { name: 'Email the patient a link' });
  await tabTo(page, send, { max: 80 });
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toHaveText(
    'We have emailed the patient a link to follow the referral.',
  );
  await expectAccessible(page, 'referral page, patient link sent');
  await screenshot(page, 'referral-patient-link-sent');
});
