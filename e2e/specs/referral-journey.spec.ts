import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { choose, next, pageHeading } from './flow-steps';
import { apiSessionFor, type ApiSession } from './referral-api';
import { chooseReceiver, completeAndSubmitReferral } from './referral-wizard-steps';
import { personIn, screenshot } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

/** The unread count beside the inbox's Referrals link in the side navigation; 0 when it shows none. */
async function inboxUnread(page: Page): Promise<number> {
  const inbox = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('group', { name: 'Inbox' });
  const badge = inbox.getByRole('link', { name: /^Referrals/ }).getByLabel(/^\d+ unread$/);
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

/** The unread inbox referrals the server counts for `session` now, asked as the badge asks (referrals/stats/). */
async function serverUnread(session: ApiSession): Promise<number> {
  const answer = await session.request.get('/api/referrals/stats/', {
    params: { exclude_status: 'DRFT', archived: 'false', deleted: 'false', within_establishment: 'true' },
    headers: session.headers,
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { inbox: { unread: number } }).inbox.unread;
}

test('a GP refers a patient, the specialist finds it new and unread, opens it and books it, and the GP sees it scheduled', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const specialist = await personIn(browser, baseURL ?? '', 'specialist@demo.test');
  await expect(specialist.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(
    specialist.getByRole('region', { name: 'Referrals to you' }).getByRole('link').first(),
  ).toBeVisible();

  // The GP writes the referral: a patient, the clinic's form with its hidden field, a PDF; then Submit.
  const gp = await personIn(browser, baseURL ?? '', 'gp@demo.test', '/referrals/create');
  const id = await chooseReceiver(gp);
  await completeAndSubmitReferral(gp, async () => {});
  await expect(gp).toHaveURL(`/referrals/${id}`);
  await expect(gp.getByText('Submitted', { exact: true }).first()).toBeVisible();

  // The specialist's inbox counter (polled every 20 s) takes in the referral, which is new and unread. The
  // specs running beside this one send the specialist referrals and open them too, so the count to reach
  // is the one the server gives now rather than the one before plus one.
  const counted = await apiSessionFor(browser, baseURL ?? '', 'specialist@demo.test');
  await expect
    .poll(async () => (await inboxUnread(specialist)) === (await serverUnread(counted)), { timeout: 45_000 })
    .toBe(true);
  await counted.close();
  await specialist.goto('/referrals/inbox/new');
  const row = specialist.getByRole('row').filter({ has: specialist.locator(`a[href="/referrals/${id}"]`) });
  await expect(row.getByRole('img', { name: 'Unread' })).toBeVisible();
  await screenshot(specialist, 'journey-inbox-new');

  // Opening it marks it viewed, which the GP hears about through the bell.
  await row.locator(`a[href="/referrals/${id}"]`).click();
  await expect(specialist).toHaveURL(`/referrals/${id}`);
  await expect(specialist.getByText('Under review', { exact: true }).first()).toBeVisible();
  await expectAccessible(specialist, 'the referral page, received');
  await screenshot(specialist, 'journey-referral-received');
  await expect(gp.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible({
    timeout: 45_000,
  });

  // The five triage pages, with an appointment.
  await specialist.getByRole('link', { name: 'Triage' }).click();
  await expect(pageHeading(specialist, 'Triage details')).toBeVisible();
  await choose(specialist, 'Priority', 'Semi-urgent');
  await choose(specialist, 'Category', 'Category 2');
  await next(specialist, 'Scheduling');
  await specialist.getByLabel('Appointment date and time').fill('2027-02-03T09:15');
  await specialist.getByLabel('Location').fill('Suite 4, North Shore Heart Clinic');
  await next(specialist, 'Message to the referrer');
  await specialist.getByRole('textbox', { name: 'Message' }).fill('Booked; please send the latest ECG.');
  await next(specialist, 'Notifications');
  await next(specialist, 'Check and confirm');
  await specialist.getByRole('button', { name: 'Schedule appointment' }).click();
  await expect(specialist).toHaveURL(`/referrals/${id}`);
  await expect(specialist.getByText('Referral scheduled')).toBeVisible();

  // The GP's outbox lists it as scheduled.
  await gp.goto('/referrals/outbox/scheduled');
  const sent = gp.getByRole('row').filter({ has: gp.locator(`a[href="/referrals/${id}"]`) });
  await expect(sent.getByText('Scheduled', { exact: true })).toBeVisible();
  await screenshot(gp, 'journey-outbox-scheduled');
});
