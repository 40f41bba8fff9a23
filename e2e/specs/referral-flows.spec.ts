import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { choose, next, pageHeading } from './flow-steps';
import { freshSubmittedReferral, HOSPITAL_CARDIOLOGY, referralActionBy } from './referral-api';
import { screenshot, signIn } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

const SPECIALIST = 'specialist@demo.test';
const GP = 'gp@demo.test';
/** The clinic's practice administrator: shared inbox access, so also the referrals no one is assigned to. */
const PRACTICE_ADMINISTRATOR = 'pa@demo.test';
const HOSPITAL_HEAD = 'hospital@demo.test';

/**
 * Signs in and keeps the bearer token the app sends, so the test can read its referral's status through
 * the API. Each test starts from a referral of its own, brought to the state it needs through the API: the
 * demo referrals in that state may be another spec's, running beside this one on the same database.
 */
async function signInAs(page: Page, email: string): Promise<string> {
  let authorization: string | null = null;
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (request.url().includes('/api/') && header?.startsWith('Bearer ')) authorization = header;
  });
  await signIn(page, { email });
  await expect.poll(() => authorization).not.toBeNull();
  return authorization as unknown as string;
}

/** Takes `action` on the referral through the API as the signed-in person: a PUT with `body`, else a POST. */
async function act(page: Page, authorization: string, id: string, action: string, body?: object) {
  const url = `/api/referrals/${id}/${action}/`;
  const headers = { Authorization: authorization };
  const response = body
    ? await page.request.put(url, { headers, data: body })
    : await page.request.post(url, { headers });
  expect(response.status(), await response.text()).toBe(200);
}

async function statusOf(page: Page, authorization: string, id: string): Promise<string> {
  const response = await page.request.get(`/api/referrals/${id}/`, {
    headers: { Authorization: authorization },
  });
  return ((await response.json()) as { status: { value: string } }).status.value;
}

/** Every page of a flow is looked at and checked against WCAG 2.2 AA. */
async function check(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshot(page, name);
}

test('the specialist triages a submitted referral through the five pages and books the appointment', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const id = await freshSubmittedReferral(browser, baseURL ?? '');
  const auth = await signInAs(page, SPECIALIST);
  await page.goto(`/referrals/${id}/triage`);

  await expect(page.getByRole('heading', { level: 1, name: 'Triage referral' })).toBeVisible();
  await expect(pageHeading(page, 'Triage details')).toBeVisible();
  await expect(page.getByText('Submitted', { exact: true })).toBeVisible();
  await choose(page, 'Priority', 'Semi-urgent');
  await choose(page, 'Category', 'Category 1');
  await page.getByLabel('Wait time').fill('2 weeks');
  await choose(page, 'Service', 'Other');
  await page.getByRole('textbox', { name: 'Other service' }).fill('Heart failure nurse clinic');
  await check(page, 'triage-1-details');

  await next(page, 'Scheduling');
  // No appointment yet: the domain's message, before anything is sent.
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await page.getByLabel('Appointment date and time').fill('2026-12-15T10:30');
  await page.getByLabel('Location').fill('Consulting room 3');
  await check(page, 'triage-2-scheduling');

  await next(page, 'Message to the referrer');
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('Please bring the recent ECG and medication list.');
  await check(page, 'triage-3-message');
  // Back keeps what was typed.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByLabel('Location')).toHaveValue('Consulting room 3');
  await next(page, 'Message to the referrer');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
    'Please bring the recent ECG and medication list.',
  );

  await next(page, 'Notifications');
  await check(page, 'triage-4-notifications');
  await next(page, 'Check and confirm');
  await expect(page.getByText('Consulting room 3')).toBeVisible();
  await expect(page.getByText('Heart failure nurse clinic')).toBeVisible();
  await check(page, 'triage-5-done');
  await page.getByRole('button', { name: 'Schedule appointment' }).click();

  await expect(page).toHaveURL(`/referrals/${id}`);
  await expect(page.getByText('Referral scheduled')).toBeVisible();
  expect(await statusOf(page, auth, id)).toBe('SCHDL');
});

test('triage of a referral with no assignee, scheduling skipped: the server’s field error is shown on page 1', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const id = await freshSubmittedReferral(browser, baseURL ?? '', {}, { unassigned: true });
  const auth = await signInAs(page, PRACTICE_ADMINISTRATOR);
  await page.goto(`/referrals/${id}/triage`);

  await expect(pageHeading(page, 'Triage details')).toBeVisible();
  await next(page, 'Scheduling');
  await page.getByRole('button', { name: 'Skip scheduling' }).click();
  // Page 2 skipped to page 4: the message page is passed over.
  await expect(pageHeading(page, 'Notifications')).toBeVisible();
  await next(page, 'Check and confirm');
  await page.getByRole('button', { name: 'Accept referral' }).click();

  await expect(pageHeading(page, 'Triage details')).toBeVisible();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await check(page, 'triage-server-error');
  expect(await statusOf(page, auth, id)).toBe('SBMT');
});

test('the specialist returns a referral under review, with another reason', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const id = await freshSubmittedReferral(browser, baseURL ?? '');
  const auth = await signInAs(page, SPECIALIST);
  await act(page, auth, id, 'view');
  await page.goto(`/referrals/${id}/return`);

  await expect(page.getByRole('heading', { level: 1, name: 'Return referral' })).toBeVisible();
  await choose(page, 'Reason for return', 'Other');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await page.getByLabel('Other reason').fill('Seen privately last week');
  await check(page, 'return-1-reason');
  await next(page, 'Message to the referrer');
  await page.getByRole('textbox', { name: 'Message' }).fill('No further appointment is needed.');
  await check(page, 'return-2-message');
  await next(page, 'Return the referral');
  await check(page, 'return-3-confirm');
  await page.getByRole('button', { name: 'Return referral' }).click();

  await expect(page).toHaveURL(`/referrals/${id}`);
  await expect(page.getByText('Referral returned')).toBeVisible();
  expect(await statusOf(page, auth, id)).toBe('RTRN');
});

test('the specialist reschedules a booked appointment', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const id = await freshSubmittedReferral(browser, baseURL ?? '');
  const auth = await signInAs(page, SPECIALIST);
  await act(page, auth, id, 'schedule', {
    appointment_date: '2026-12-10T23:00:00.000Z',
    appointment_location: 'Consulting room 2',
  });
  await page.goto(`/referrals/${id}/reschedule`);

  await expect(page.getByRole('heading', { level: 1, name: 'Reschedule appointment' })).toBeVisible();
  await choose(page, 'Reason for rescheduling', 'Clinician unavailable');
  await page.getByLabel('Appointment date and time').fill('2027-01-12T14:00');
  await check(page, 'reschedule-1-appointment');
  await next(page, 'Notifications');
  await check(page, 'reschedule-2-notifications');
  await next(page, 'Check and confirm');
  await check(page, 'reschedule-3-confirm');
  await page.getByRole('button', { name: 'Reschedule appointment' }).click();

  await expect(page).toHaveURL(`/referrals/${id}`);
  await expect(page.getByText('Appointment rescheduled')).toBeVisible();
  expect(await statusOf(page, auth, id)).toBe('SCHDL');
});

test('the GP recalls a submitted referral to a draft', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const id = await freshSubmittedReferral(browser, baseURL ?? '', {}, { to: HOSPITAL_CARDIOLOGY });
  const auth = await signInAs(page, GP);
  await page.goto(`/referrals/${id}/recall`);

  await expect(page.getByRole('heading', { level: 1, name: 'Recall referral' })).toBeVisible();
  await choose(page, 'Reason for recall', 'Information to add');
  await check(page, 'recall-1-reason');
  await next(page, 'Message to the receiver');
  await check(page, 'recall-2-message');
  await next(page, 'Recall the referral');
  await check(page, 'recall-3-confirm');
  await page.getByRole('button', { name: 'Recall referral' }).click();

  await expect(page).toHaveURL(`/referrals/${id}`);
  await expect(page.getByText('Referral recalled')).toBeVisible();
  expect(await statusOf(page, auth, id)).toBe('DRFT');
});

test('the head of cardiology forwards an accepted referral to another establishment', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const id = await freshSubmittedReferral(browser, baseURL ?? '', {}, { to: HOSPITAL_CARDIOLOGY });
  const auth = await signInAs(page, HOSPITAL_HEAD);
  await act(page, auth, id, 'accept');
  await page.goto(`/referrals/${id}/forward`);

  await expect(page.getByRole('heading', { level: 1, name: 'Forward referral' })).toBeVisible();
  // Nothing chosen: the domain's messages, on this page.
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'New receiver', exact: true }).fill('North Shore');
  await page.getByRole('option', { name: 'North Shore Heart Clinic' }).click();
  await page.getByRole('checkbox', { name: 'No named specialist' }).check();
  await page
    .getByRole('textbox', { name: 'Message to the new receiver' })
    .fill('Closer to home for follow-up.');
  await check(page, 'forward-1-receiver');
  await next(page, 'Why are you forwarding it?');
  await choose(page, 'Reason for forwarding', "Closer to the patient's home");
  await check(page, 'forward-2-reason');
  await next(page, 'Forward the referral');
  await expect(page.getByText('North Shore Heart Clinic').last()).toBeVisible();
  await check(page, 'forward-3-confirm');
  await page.getByRole('button', { name: 'Forward referral' }).click();

  await expect(page).toHaveURL(`/referrals/${id}`);
  await expect(page.getByText('Referral forwarded')).toBeVisible();
  expect(await statusOf(page, auth, id)).toBe('FWRD');
});

test('the GP renews a waitlisted referral', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const id = await freshSubmittedReferral(browser, baseURL ?? '');
  await referralActionBy(browser, baseURL ?? '', SPECIALIST, id, 'accept', { waitlist_period: '3 months' });
  await signInAs(page, GP);
  await page.goto(`/referrals/${id}/renew`);

  await expect(page.getByRole('heading', { level: 1, name: 'Renew referral' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Reason for renewal' }).fill('Ongoing heart failure management.');
  await page.getByRole('textbox', { name: 'Valid for (months)' }).fill('6');
  await check(page, 'renew-1-renewal');
  await next(page, 'Renew the referral');
  await check(page, 'renew-2-confirm');
  await page.getByRole('button', { name: 'Renew referral' }).click();

  await expect(page).toHaveURL(`/referrals/${id}`);
  await expect(page.getByText('Referral renewed')).toBeVisible();
});
