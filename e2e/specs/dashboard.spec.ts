import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { screenshot, signIn } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

test('the specialist’s dashboard counts what waits for triage and opens that list', async ({ page }) => {
  await signIn(page, { email: 'specialist@demo.test' });
  const inbox = page.getByRole('region', { name: 'Referrals to you' });
  // The demo clinic has submitted referrals waiting: the count comes from the API, not a loaded list.
  const pending = inbox.getByRole('link', { name: /^Pending action: [1-9]\d*$/ });
  await expect(pending).toBeVisible();
  await expect(page.getByRole('region', { name: 'Referrals you sent' }).getByRole('link')).toHaveCount(3);
  await expectAccessible(page, 'dashboard with counts');
  await screenshot(page, 'dashboard-specialist');

  await pending.click();
  await expect(page).toHaveURL('/referrals/inbox/all?condition=pending-action');
});

test('the GP’s dashboard links each outbox item to its list', async ({ page }) => {
  await signIn(page);
  const outbox = page.getByRole('region', { name: 'Referrals you sent' });
  await expect(outbox.getByRole('link', { name: /^Returned: \d+$/ })).toHaveAttribute(
    'href',
    '/referrals/outbox/returned',
  );
  await expect(outbox.getByRole('link', { name: /^Due for renewal: \d+$/ })).toHaveAttribute(
    'href',
    '/referrals/outbox/all?condition=due-for-renewal',
  );
  await screenshot(page, 'dashboard-gp');
});
