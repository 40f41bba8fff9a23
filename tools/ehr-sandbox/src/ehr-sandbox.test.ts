import type { Bundle, DocumentReference, OperationOutcome, Patient } from '@medplum/fhirtypes';
import * as client from 'openid-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../test/browser.ts';
import { startEhrSandbox, type EhrSandbox } from './index.ts';

const REDIRECT_URI = 'http://localhost:3000/';
const EHR_SCOPES = 'openid fhirUser launch patient/*.rs patient/DocumentReference.c offline_access';

let sandbox: EhrSandbox;
let oauth: client.Configuration;

beforeAll(async () => {
  sandbox = await startEhrSandbox({ port: 0 });
  const smart = await fetch(`${sandbox.fhirBaseUrl}/.well-known/smart-configuration`);
  oauth = new client.Configuration(
    (await smart.json()) as client.ServerMetadata,
    'referrals',
    { token_endpoint_auth_method: 'none' },
    client.None(),
  );
  client.allowInsecureRequests(oauth);
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.reset());

/** Starts an authorization as Referrals would, in a fresh browser, and opens the sign-in page. */
async function authorize(params: { launch?: string; scope?: string; aud?: string }) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(oauth, {
    redirect_uri: REDIRECT_URI,
    scope: params.scope ?? EHR_SCOPES,
    aud: params.aud ?? sandbox.fhirBaseUrl,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...(params.launch ? { launch: params.launch } : {}),
  });
  const browser = new Browser();
  const page = await browser.visit(url.href, REDIRECT_URI);
  const exchange = (callbackUrl: string) =>
    client.authorizationCodeGrant(oauth, new URL(callbackUrl), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
  return { browser, page, exchange };
}

async function launchAndSignIn(patientId: string | null) {
  const { launch } = sandbox.createLaunch({ patientId });
  const { browser, page, exchange } = await authorize({ launch });
  const callback = await browser.submit(page, { email: 'gp@demo.test', password: 'sandbox' }, REDIRECT_URI);
  return exchange(callback.url);
}

const fhir = (token: string | undefined, path: string, init: RequestInit = {}) =>
  fetch(`${sandbox.fhirBaseUrl}/${path}`, {
    ...init,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body ? { 'content-type': 'application/fhir+json' } : {}),
    },
  });

const referralLetter = (patientId: string) =>
  JSON.stringify({
    resourceType: 'DocumentReference',
    status: 'current',
    type: { coding: [{ system: 'http://loinc.org', code: '57133-1', display: 'Referral note' }] },
    subject: { reference: `Patient/${patientId}` },
    date: new Date().toISOString(),
    description: 'Referral to cardiology',
    content: [
      {
        attachment: {
          contentType: 'application/pdf',
          data: Buffer.from('%PDF-1.4 letter').toString('base64'),
        },
      },
    ],
  });

describe('an EHR launch of Referrals', () => {
  it('opens Referrals at its launch URL with the launch id and the FHIR server', () => {
    const { launch, launchUrl } = sandbox.createLaunch({ patientId: sandbox.patients.thompson });
    expect(launchUrl).toBe(
      `http://localhost:3000/?launch=${launch}&iss=${encodeURIComponent(sandbox.fhirBaseUrl)}`,
    );
  });

  it("gives Referrals a token with the launch's patient and the practitioner who signed in", async () => {
    const { launch } = sandbox.createLaunch({ patientId: sandbox.patients.thompson });
    const { browser, page, exchange } = await authorize({ launch });
    expect(page.html).toContain('value="gp@demo.test"');
    const callback = await browser.submit(page, { email: 'gp@demo.test', password: 'sandbox' }, REDIRECT_URI);
    const tokens = await exchange(callback.url);

    expect(tokens.patient).toBe(sandbox.patients.thompson);
    expect(tokens.need_patient_banner).toBe(false);
    expect(tokens.scope?.split(' ')).toEqual(expect.arrayContaining(EHR_SCOPES.split(' ')));
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.claims()?.fhirUser).toBe(
      `${sandbox.fhirBaseUrl}/Practitioner/${sandbox.practitioners.mitchell}`,
    );

    const refreshed = await client.refreshTokenGrant(oauth, tokens.refresh_token ?? '');
    expect(refreshed.patient).toBe(sandbox.patients.thompson);
  });

  it('reads the patient and their record, and files a letter that the record then lists', async () => {
    const token = (await launchAndSignIn(sandbox.patients.thompson)).access_token;
    const patientId = sandbox.patients.thompson;

    const patient = await fhir(token, `Patient/${patientId}`);
    expect(patient.status).toBe(200);
    expect(patient.headers.get('content-type')).toContain('application/fhir+json');
    expect(((await patient.json()) as Patient).name?.[0]?.family).toBe('Thompson');

    const conditions = (await (await fhir(token, `Condition?patient=${patientId}`)).json()) as Bundle;
    expect(conditions.entry?.length).toBeGreaterThanOrEqual(4);

    const filed = await fhir(token, 'DocumentReference', { method: 'POST', body: referralLetter(patientId) });
    expect(filed.status).toBe(201);
    const letter = (await filed.json()) as DocumentReference;
    const found = (await (await fhir(token, `DocumentReference?patient=${patientId}`)).json()) as Bundle;
    expect(found.entry?.map((entry) => entry.resource?.id)).toEqual([letter.id]);

    const home = await (await fetch(`${sandbox.origin}/`)).text();
    expect(home).toContain('Referral to cardiology (PDF)');
    const pdf = await fetch(`${sandbox.origin}/documents/${letter.id}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(await pdf.text()).toBe('%PDF-1.4 letter');
  });

  it('refuses a resource that is not valid FHIR', async () => {
    const token = (await launchAndSignIn(sandbox.patients.thompson)).access_token;
    const answer = await fhir(token, 'DocumentReference', {
      method: 'POST',
      body: '{"resourceType":"DocumentReference"}',
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as OperationOutcome).resourceType).toBe('OperationOutcome');
  });

  it('gives no patient when the launch had none', async () => {
    const tokens = await launchAndSignIn(null);
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.patient).toBeUndefined();
  });

  it('refuses a token meant for another FHIR server', async () => {
    const { launch } = sandbox.createLaunch({ patientId: sandbox.patients.thompson });
    const { page } = await authorize({ launch, aud: 'https://elsewhere.example/fhir' });
    const refusal = new URL(page.url);
    expect(refusal.href.startsWith(REDIRECT_URI)).toBe(true);
    expect(refusal.searchParams.get('error')).toBe('invalid_request');
    expect(refusal.searchParams.get('code')).toBeNull();
  });

  it('says so when the password is wrong', async () => {
    const { launch } = sandbox.createLaunch({ patientId: sandbox.patients.thompson });
    const { browser, page } = await authorize({ launch });
    const again = await browser.submit(page, { email: 'gp@demo.test', password: 'wrong' }, REDIRECT_URI);
    expect(again.status).toBe(401);
    expect(again.html).toContain('Wrong email or password.');
  });
});

describe('a standalone launch', () => {
  it('asks which patient after sign-in and gives that patient', async () => {
    const { browser, page, exchange } = await authorize({
      scope: 'openid fhirUser launch/patient patient/*.rs',
    });
    const picker = await browser.submit(
      page,
      { email: 'priya.patel@demo.test', password: 'sandbox' },
      REDIRECT_URI,
    );
    expect(picker.html).toContain('Choose a patient');
    const callback = await browser.submit(picker, { patient: sandbox.patients.chen }, REDIRECT_URI);
    const tokens = await exchange(callback.url);
    expect(tokens.patient).toBe(sandbox.patients.chen);
    expect(tokens.claims()?.fhirUser).toBe(
      `${sandbox.fhirBaseUrl}/Practitioner/${sandbox.practitioners.patel}`,
    );
  });
});

describe('the FHIR server', () => {
  it('answers 401 without a token', async () => {
    const answer = await fhir(undefined, `Patient/${sandbox.patients.thompson}`);
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as OperationOutcome).resourceType).toBe('OperationOutcome');
  });

  it('answers 401 to a token from another issuer', async () => {
    const forged = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{}').toString('base64url')}.`;
    expect((await fhir(forged, `Patient/${sandbox.patients.thompson}`)).status).toBe(401);
  });

  it('fails as a test switches it to', async () => {
    const token = (await launchAndSignIn(sandbox.patients.thompson)).access_token;
    const patientPath = `Patient/${sandbox.patients.thompson}`;

    sandbox.setFailures({ fhir: 'unauthorized' });
    expect((await fhir(token, patientPath)).status).toBe(401);
    sandbox.setFailures({ fhir: 'down' });
    expect((await fhir(token, patientPath)).status).toBe(503);
    expect((await fetch(`${sandbox.fhirBaseUrl}/.well-known/smart-configuration`)).status).toBe(503);
    sandbox.setFailures({ fhir: null, refuseDocumentReferences: 2 });
    const file = () =>
      fhir(token, 'DocumentReference', { method: 'POST', body: referralLetter(sandbox.patients.thompson) });
    expect([(await file()).status, (await file()).status, (await file()).status]).toEqual([503, 503, 201]);
  });

  it('takes launches and failures through the admin API', async () => {
    const launched = await fetch(`${sandbox.origin}/sandbox/launches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        patientId: sandbox.patients.nguyen,
        practitionerId: sandbox.practitioners.morgan,
      }),
    });
    expect(((await launched.json()) as { launchUrl: string }).launchUrl).toContain('launch=');
    await fetch(`${sandbox.origin}/sandbox/failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fhir: 'down' }),
    });
    expect((await fetch(`${sandbox.fhirBaseUrl}/metadata`)).status).toBe(503);
    await fetch(`${sandbox.origin}/sandbox/reset`, { method: 'POST' });
    expect((await fetch(`${sandbox.fhirBaseUrl}/metadata`)).status).toBe(200);
  });
});
