import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { choose } from './flow-steps';
import { matchInMail } from './mailbox';
import { screenshot, signIn } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

const SUPPORT = process.env.SUPPORT_EMAIL ?? 'support@referrals.example';

test('a GP finds the triage guide by a word in it and sends a support request from the inbox', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, { email: 'gp@demo.test', to: '/referrals/outbox/all' });
  await page.getByRole('link', { name: 'Help Desk' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help Desk' })).toBeVisible();
  const guides = page.getByRole('region', { name: 'Guides' });
  await expect(guides.getByRole('button', { name: /^Send a referral/ })).toBeVisible();

  // A word from inside a guide's steps, not its title, finds it; the others go.
  await page.getByRole('textbox', { name: 'Search the guides' }).fill('waitlist');
  await expect(guides.getByRole('button')).toHaveCount(1);
  await guides.getByRole('button', { name: /^Triage, schedule or return a referral/ }).click();
  await expect(guides.getByText('Select Triage.', { exact: false }).first()).toBeVisible();
  await expect(guides.getByRole('img', { name: 'The triage details page of a referral' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search the guides' }).fill('zebra crossing');
  await expect(page.getByRole('status')).toContainText('Nothing in the guides matches');
  await page.getByRole('textbox', { name: 'Search the guides' }).fill('signed out');
  const answers = page.getByRole('region', { name: 'Common questions' });
  await answers.getByRole('button', { name: 'I was signed out while working.' }).click();
  await expect(answers.getByText(/after 30 minutes without activity/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Search the guides' }).fill('');
  await expectAccessible(page, 'the Help Desk');

  // The request needs a topic, a subject and a message; then it goes, and reaches the support team by mail.
  const form = page.getByRole('region', { name: 'Ask our support team' });
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('This field is required.')).toHaveCount(3);
  await choose(page, 'Topic', 'Sending or receiving referrals');
  const subject = `Cannot find a sent referral ${Date.now()}`;
  await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await form
    .getByRole('textbox', { name: 'What happened, and what did you expect?' })
    .fill('A referral I sent yesterday is not in my outbox list.');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByRole('status')).toContainText('Your request is with our support team.');
  await expect(form.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
  await expectAccessible(page, 'the Help Desk after a request');
  await screenshot(page, 'help-desk');

  const mail = await matchInMail(SUPPORT, new RegExp(`Subject: ${subject}[\\s\\S]*`), 'the support request');
  expect(mail).toContain('Screen: /referrals/outbox/all.');
  expect(mail).toContain('Harbourside Family Medical Practice');
  expect(mail).toContain('A referral I sent yesterday is not in my outbox list.');
});
