import { expect, test, type Browser } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { apiSessionFor } from './referral-api';
import { screenshot, signIn } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

const ADVICE = 'Your heart rhythm was normal on the Holter monitor. Keep taking the tablets as before.';

/**
 * The demo GP refers Emily Watson (the demo patient's own record) to Dr James Chen, and he sends a report
 * addressed to her as well as to the GP, through the API. Answers the report's title.
 */
async function reportForEmily(browser: Browser, baseURL: string): Promise<string> {
  const gp = await apiSessionFor(browser, baseURL, 'gp@demo.test');
  const found = await gp.request.get('/api/patients/', {
    params: { keyword: 'Emily Watson' },
    headers: gp.headers,
  });
  const emily = ((await found.json()) as { results: { id: string; email: string | null }[] }).results.find(
    (patient) => patient.email === 'patient@demo.test',
  );
  expect(emily, 'the demo patient’s record').toBeDefined();
  const places = await gp.request.get('/api/establishments/', {
    params: { keyword: 'North Shore Heart', include_doctors: 'true' },
    headers: gp.headers,
  });
  const clinic = (
    (await places.json()) as { results: { id: string; doctors: { id: string; last_name: string }[] }[] }
  ).results[0];
  const created = await gp.request.post('/api/referrals/', {
    headers: gp.headers,
    data: {
      patient: emily?.id,
      to_establishment: clinic?.id,
      assignee: clinic?.doctors.find((doctor) => doctor.last_name === 'Chen')?.id,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await gp.request.post(`/api/referrals/${id}/submit/`, { headers: gp.headers })).status()).toBe(200);
  await gp.close();

  const specialist = await apiSessionFor(browser, baseURL, 'specialist@demo.test');
  const title = `Holter monitor results ${Date.now()}`;
  const report = await specialist.request.post(`/api/referrals/${id}/reports/`, {
    headers: specialist.headers,
    data: { title, report_body: `<p>${ADVICE}</p>`, recipients: [{ type: 'referrer' }, { type: 'patient' }] },
  });
  expect(report.status()).toBe(201);
  const { id: reportId } = (await report.json()) as { id: string };
  const sent = await specialist.request.post(`/api/referrals/${id}/reports/${reportId}/submit/`, {
    headers: specialist.headers,
  });
  expect(sent.status()).toBe(200);
  await specialist.close();
  return title;
}

test('the demo patient sees where their referrals are and reads the report addressed to them, with no error', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const title = await reportForEmily(browser, baseURL ?? '');
  await signIn(page, { email: 'patient@demo.test' });

  await expect(page.getByRole('heading', { level: 1, name: 'My referrals' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link')).toHaveText(['My referrals', 'Settings']);
  await expect(page.getByRole('link', { name: 'New Referral' })).toHaveCount(0);
  await expect(page.getByText('could not be loaded')).toHaveCount(0);
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: new RegExp(title) }) });
  await expect(
    card.getByRole('heading', { name: 'Referral to Dr James Chen, North Shore Heart Clinic' }),
  ).toBeVisible();
  await expect(card.getByText('Sent', { exact: true })).toBeVisible();
  await expect(
    card.getByText(/^From Dr Sarah Mitchell, Harbourside Family Medical Practice · sent /),
  ).toBeVisible();
  await expectAccessible(page, 'my referrals');
  await screenshot(page, 'my-referrals');

  await card.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(ADVICE)).toBeVisible();
  await expect(page.getByText(/^Dr James Chen · North Shore Heart Clinic · /)).toBeVisible();
  await expectAccessible(page, 'a report addressed to the patient');
  await screenshot(page, 'my-report');

  // A screen the account cannot use leads back to My referrals rather than to an error.
  await page.goto('/referrals/inbox/all');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'My referrals' })).toBeVisible();
});
