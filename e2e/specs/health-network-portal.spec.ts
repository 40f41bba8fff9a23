import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectAccessible } from './accessibility';
import { tabTo } from './keyboard';
import {
  enterEmailedCode,
  expectNoSidewaysScroll,
  fillPatientDetails,
  fillPatientSender,
  region,
  solveCaptcha,
} from './portal-steps';
import { screenshot, signIn } from './sign-in-helpers';

/*
 * A health network's portal (issue 26; docs/portals.md, Health network portals): the demo's Northern
 * Sydney Health Network publishes one at /refer/northern-sydney-health over its two services. The referral
 * sent here goes to its portal-only physiotherapy service, which has no staff to notify, so this spec
 * touches nothing another spec counts.
 */

const NETWORK_PORTAL = '/refer/northern-sydney-health';
const NETWORK = 'Northern Sydney Health Network';
const PHYSIO = 'Lower North Shore Physiotherapy';

async function check(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshot(page, name);
}

test('a patient chooses a service on the network’s portal, by keyboard, and sends it a referral under the network’s branding', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(NETWORK_PORTAL);
  await expect(page.getByRole('heading', { level: 1, name: 'Send a referral' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(NETWORK);
  await expect(page.getByText('2 services')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'North Shore Heart Clinic' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the network portal');
  await check(page, 'network-portal-services');

  // The search narrows the services by suburb; nothing matching says so.
  const search = page.getByRole('textbox', { name: 'Search services' });
  await search.fill('Crows Nest');
  await expect(page.getByText('1 service', { exact: true })).toBeVisible();
  await search.fill('Parramatta');
  await expect(page.getByText('No service matches “Parramatta”.')).toBeVisible();
  await check(page, 'network-portal-no-match');
  await search.fill('');
  await expect(page.getByText('2 services')).toBeVisible();

  // Chosen by keyboard; the address keeps the choice, and the way back is a link.
  const choose = page.getByRole('link', { name: `Choose ${PHYSIO}` });
  await tabTo(page, choose);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?service=/);
  await expect(page.getByText(`Send a referral to ${PHYSIO} without an account.`)).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(NETWORK);
  await expect(page.getByRole('contentinfo')).toContainText(`Your details go only to ${PHYSIO}.`);
  await page.reload();
  await expect(page.getByText(`Send a referral to ${PHYSIO} without an account.`)).toBeVisible();

  const tag = randomUUID().slice(0, 6).replace(/\d/g, 'x');
  const patient = {
    firstName: 'Nora',
    lastName: `Quinn-${tag}`,
    dob: '1961-02-14',
    email: `nora.${tag}@mail.example`,
  };
  await fillPatientSender(page, patient);
  await fillPatientDetails(page, patient, {
    reason: 'Rehabilitation after a knee replacement six weeks ago.',
    measurements: false,
  });
  await region(page, 'Consent').getByRole('checkbox').check();
  await enterEmailedCode(page, patient.email);
  await solveCaptcha(page);
  await check(page, 'network-portal-service-form');

  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/submit/') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Send referral' }).click();
  expect((await answered).status()).toBe(201);
  await expect(
    page.getByRole('heading', { level: 1, name: `Your referral was sent to ${PHYSIO}` }),
  ).toBeFocused();
  await check(page, 'network-portal-sent');

  // Back to the network's services from the confirmation's page, and the browser's back button.
  await page.goto(`${NETWORK_PORTAL}?service=${randomUUID()}`);
  await expect(page.getByRole('alert')).toContainText('This service is not available here');
  await page.getByRole('link', { name: `All services of ${NETWORK}` }).click();
  await expect(page.getByText('2 services')).toBeVisible();
});

test('a platform administrator changes the network’s portal, and the public page shows it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, { email: 'admin@demo.test' });
  await page.getByRole('link', { name: 'Health networks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Health networks' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: NETWORK });
  await expect(row).toContainText('2 of 2 publish a portal');
  await expect(row).toContainText('Published');
  await check(page, 'health-networks');

  await row.getByRole('button', { name: `Edit ${NETWORK}` }).click();
  const drawer = page.getByRole('dialog', { name: `Edit ${NETWORK}` });
  await expect(drawer.getByRole('textbox', { name: 'Portal web address' })).toHaveValue(
    'northern-sydney-health',
  );
  await check(page, 'health-network-drawer');
  const welcome = `Refer to our North Shore services (${randomUUID().slice(0, 8)}).`;
  await drawer.getByRole('textbox', { name: 'Welcome' }).fill(welcome);
  // A slug an establishment already has is refused on its field, and nothing is saved.
  const slug = drawer.getByRole('textbox', { name: 'Portal web address' });
  await slug.fill('north-shore-heart-clinic');
  await drawer.getByRole('button', { name: 'Save changes' }).click();
  await expect(drawer.getByText('This web address is taken. Choose another.')).toBeVisible();
  await check(page, 'health-network-drawer-error');
  await slug.fill('northern-sydney-health');
  await drawer.getByRole('button', { name: 'Save changes' }).click();
  await expect(drawer).toBeHidden();

  await page.goto(NETWORK_PORTAL);
  await expect(page.getByText(welcome)).toBeVisible();
});
