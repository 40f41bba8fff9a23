import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { linkInMail } from './mailbox';
import { DEMO_PASSWORD, screenshot, signIn, submitLoginForm } from './sign-in-helpers';

/** A clinic GPP no other spec signs in as: locking the account here disturbs no other test. */
const OWNER = 'helen.brooks@demo.test';
const TOO_MANY_ATTEMPTS = /Too many sign-in attempts/;

test('an account locked by wrong passwords is unlocked by its owner from the emailed link', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  // Five wrong passwords fill the account's bucket; the sixth attempt finds it locked.
  for (let attempt = 1; attempt <= 6; attempt++) {
    await submitLoginForm(page, OWNER, `wrong-password-${attempt}`);
    await expect(page.getByRole('alert')).toBeVisible();
  }
  await expect(page.getByRole('alert')).toHaveText(TOO_MANY_ATTEMPTS);

  // Locked: the right password is refused too, from here as from anywhere.
  await submitLoginForm(page, OWNER, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(TOO_MANY_ATTEMPTS);

  const unlock = await linkInMail(
    OWNER,
    /https?:\/\/[^\s"'<>]+\/auth\/unlock\?token=[^\s"'<>]+/,
    'an unlock mail',
  );
  await page.goto(unlock);
  await expect(page.getByRole('heading', { level: 1, name: 'Unlock your account' })).toBeVisible();
  await expectAccessible(page, 'unlock page');
  await screenshot(page, 'unlock-account');

  await page.getByRole('button', { name: 'Unlock my account' }).click();
  await expect(page.getByText('Your account is unlocked. You can sign in again.')).toBeVisible();
  await expectAccessible(page, 'account unlocked');

  // The link works once.
  await page.goto(unlock);
  await expect(page.getByText(/work once/)).toBeVisible();

  await signIn(page, { email: OWNER });
});
