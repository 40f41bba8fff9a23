import { expect, test } from '@playwright/test';
import { choose, next } from './flow-steps';
import { apiSessionFor, CLINIC_SPECIALIST, receiverFor, referrersPatient } from './referral-api';
import { signIn } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

const FHIR_JSON = { 'Content-Type': 'application/fhir+json', Accept: 'application/fhir+json' };

test('a referral sent by another system as a FHIR ServiceRequest is triaged in the screens, and its Task reads back accepted with the appointment', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // The practice's system: the GP's own token, the FHIR API, no screen.
  const practiceSystem = await apiSessionFor(browser, baseURL ?? '', 'gp@demo.test');
  const patient = await referrersPatient(practiceSystem);
  const clinic = await receiverFor(practiceSystem, CLINIC_SPECIALIST);
  const created = await practiceSystem.request.post('/fhir/ServiceRequest', {
    headers: { ...practiceSystem.headers, ...FHIR_JSON },
    data: {
      resourceType: 'ServiceRequest',
      status: 'active',
      intent: 'order',
      subject: { reference: `Patient/${patient.id}` },
      performer: [{ reference: `Organization/${clinic.id}` }, { reference: `Practitioner/${clinic.doctor}` }],
      reasonCode: [{ text: 'Sent from the practice system: palpitations with presyncope.' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // The specialist finds it as any referral and triages it through the five pages.
  await signIn(page, { email: 'specialist@demo.test', to: `/referrals/${id}` });
  await expect(page.getByText('Sent from the practice system: palpitations with presyncope.')).toBeVisible();
  await page.goto(`/referrals/${id}/triage`);
  await expect(page.getByRole('heading', { level: 1, name: 'Triage referral' })).toBeVisible();
  await choose(page, 'Category', 'Category 2');
  await next(page, 'Scheduling');
  await page.getByLabel('Appointment date and time').fill('2026-12-15T10:30');
  await next(page, 'Message to the referrer');
  await next(page, 'Notifications');
  await next(page, 'Check and confirm');
  await page.getByRole('button', { name: 'Schedule appointment' }).click();
  await expect(page.getByText('Referral scheduled')).toBeVisible();

  // The practice's system reads the Task back: accepted, with the appointment and the triage category.
  const task = await practiceSystem.request.get(`/fhir/Task/${id}`, {
    headers: { ...practiceSystem.headers, Accept: 'application/fhir+json' },
  });
  expect(task.status()).toBe(200);
  expect(task.headers()['content-type']).toContain('application/fhir+json');
  const read = (await task.json()) as {
    status: string;
    businessStatus: { text: string };
    output: { type: { text: string }; valueDateTime?: string; valueCodeableConcept?: { text: string } }[];
  };
  expect(read.status).toBe('accepted');
  expect(read.businessStatus.text).toBe('Scheduled');
  // 10:30 in Sydney in December (daylight time, UTC+11).
  expect(read.output.find((o) => o.type.text === 'Appointment')?.valueDateTime).toBe(
    '2026-12-14T23:30:00.000Z',
  );
  expect(read.output.find((o) => o.type.text === 'Triage category')?.valueCodeableConcept?.text).toBe(
    'Category 2',
  );
  await practiceSystem.close();
});
