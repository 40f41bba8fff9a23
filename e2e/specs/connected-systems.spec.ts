import { expect, test, type Page } from '@playwright/test';
import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { expectAccessible } from './accessibility';
import { signIn, screenshot } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

/** Every new screen state is looked at and checked against WCAG 2.2 AA. */
async function check(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshot(page, name);
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/**
 * A SMART Backend Services client assertion (RFC 7523), signed ES384 by hand with node:crypto: what the
 * practice's own system would send, written apart from the server's code.
 */
function clientAssertion(
  clientId: string,
  kid: string,
  privateKey: KeyObject,
  tokenEndpoint: string,
): string {
  const header = base64url(JSON.stringify({ alg: 'ES384', kid, typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({
      iss: clientId,
      sub: clientId,
      aud: tokenEndpoint,
      jti: randomUUID(),
      exp: Math.floor(Date.now() / 1000) + 240,
    }),
  );
  const signature = sign('sha384', Buffer.from(`${header}.${claims}`), {
    key: privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return `${header}.${claims}.${base64url(signature)}`;
}

test('a practice manager connects the practice’s system, which signs in with its key and reads the FHIR API, then revokes it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, { email: 'pm@demo.test', to: '/settings/establishments' });
  await page.getByRole('link', { name: 'Harbourside Family Medical Practice' }).first().click();
  const card = page.getByRole('region', { name: 'Connected systems' });
  await expect(card).toBeVisible();
  await expect(card.getByText(/\/fhir\/\.well-known\/smart-configuration$/)).toBeVisible();

  // A private key pasted by mistake is refused on its field, and nothing is registered.
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
  const kid = `practice-key-${randomUUID().slice(0, 8)}`;
  const name = `Practice clinical software ${randomUUID().slice(0, 6)}`;
  await card.getByRole('button', { name: 'Register a system' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register a system' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  const key = dialog.getByRole('textbox', { name: 'Public key' });
  await key.fill(JSON.stringify({ ...privateKey.export({ format: 'jwk' }), kid }));
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('This is a private key.', { exact: false })).toBeVisible();
  await check(page, 'connected-systems-register');

  // The public key, with what it may read: only referrals and where they stand.
  await key.fill(JSON.stringify({ ...publicKey.export({ format: 'jwk' }), kid }));
  for (const withheld of [
    'Patients (Patient)',
    'Letters, reports and attachments (DocumentReference)',
    'Doctors (Practitioner)',
    'Doctors at establishments (PractitionerRole)',
    'Establishments (Organization)',
  ]) {
    await dialog.getByRole('checkbox', { name: withheld }).uncheck();
  }
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog).toBeHidden();
  const registered = card.getByRole('alert').filter({ hasText: `${name} is registered` });
  await expect(registered).toBeVisible();
  const clientId = (await registered.locator('code').textContent()) ?? '';
  expect(clientId).not.toBe('');
  const row = card.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('system/ServiceRequest.rs')).toBeVisible();
  await expect(row.getByText('system/Patient.rs')).toHaveCount(0);
  await check(page, 'connected-systems');

  // The practice's system, with nobody signed in: its key gets a token, and the token reads the FHIR API.
  const smart = await page.request.get('/fhir/.well-known/smart-configuration');
  const { token_endpoint: tokenEndpoint } = (await smart.json()) as { token_endpoint: string };
  const tokenFor = (scope: string) =>
    page.request.post(tokenEndpoint, {
      form: {
        grant_type: 'client_credentials',
        scope,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: clientAssertion(clientId, kid, privateKey, tokenEndpoint),
      },
    });
  const token = await tokenFor('system/ServiceRequest.rs');
  expect(token.status(), await token.text()).toBe(200);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const search = await page.request.get('/fhir/ServiceRequest?_count=5', {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/fhir+json' },
  });
  expect(search.status(), await search.text()).toBe(200);
  expect(((await search.json()) as { resourceType: string }).resourceType).toBe('Bundle');
  // What it was not granted, it cannot read.
  const patients = await page.request.get('/fhir/Patient?family=a', {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/fhir+json' },
  });
  expect(patients.status()).toBe(403);

  // Revoked, after a question: no new token, and the one it holds is refused.
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke ${name}?` });
  await check(page, 'connected-systems-revoke');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByText(/^Revoked /)).toBeVisible();
  expect((await tokenFor('system/ServiceRequest.rs')).status()).toBe(401);
  const refused = await page.request.get('/fhir/ServiceRequest?_count=5', {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/fhir+json' },
  });
  expect(refused.status()).toBe(401);
});
