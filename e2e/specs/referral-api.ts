import { expect, request as requestContext, type APIRequestContext, type Browser } from '@playwright/test';
import { createHash, randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from './sign-in-helpers';

/**
 * A person acting through the API, with a bearer token of their own. Specs use it to set up what they need
 * (a fresh referral) rather than spend the shared demo data, which the specs running beside them (several
 * workers, one database) may be moving on.
 */
export type ApiSession = {
  request: APIRequestContext;
  headers: { Authorization: string };
  close: () => Promise<void>;
};

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/**
 * Signs `email` in as the web app does (authorization code with PKCE through the hosted login page), but
 * over plain HTTP: no browser starts the app twice just to hand over a token, which on a busy machine
 * with two workers is CPU the tests themselves need. The sign-in is a real one: the login form, its
 * throttle and audit, and the token endpoint the app uses.
 */
export async function apiSessionFor(_browser: Browser, baseURL: string, email: string): Promise<ApiSession> {
  const request = await requestContext.newContext({ baseURL });
  const discovery = await request.get('/auth/.well-known/openid-configuration');
  expect(discovery.ok()).toBe(true);
  const { authorization_endpoint: authorize } = (await discovery.json()) as {
    authorization_endpoint: string;
  };
  const verifier = base64url(randomBytes(32));
  const redirectUri = `${baseURL}/authorize`;
  const login = await request.get(authorize, {
    params: {
      client_id: 'referrals-web',
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid profile email offline_access',
      code_challenge: base64url(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
      state: base64url(randomBytes(16)),
      prompt: 'login',
    },
  });
  expect(login.url(), 'the hosted login page').toMatch(/\/auth\/interaction\/[^/]+$/);
  // The form posts to the interaction, which redirects back to the app's /authorize with the code.
  const signedIn = await request.post(`${new URL(login.url()).pathname}/login`, {
    form: { email, password: DEMO_PASSWORD },
  });
  const code = new URL(signedIn.url()).searchParams.get('code');
  expect(code, `a code for ${email} (${signedIn.status()} at ${signedIn.url()})`).toBeTruthy();
  const token = await request.post('/auth/oauth/token', {
    form: {
      client_id: 'referrals-web',
      grant_type: 'authorization_code',
      code: code ?? '',
      code_verifier: verifier,
      redirect_uri: redirectUri,
    },
  });
  expect(token.status(), await token.text()).toBe(200);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  return { request, headers: { Authorization: `Bearer ${accessToken}` }, close: () => request.dispose() };
}

/** Who a fresh referral goes to: an establishment found by `keyword`, and the doctor there by last name. */
export type Receiver = { keyword: string; doctor: string };
/** Dr James Chen at North Shore Heart Clinic, the demo's specialist. */
export const CLINIC_SPECIALIST: Receiver = { keyword: 'North Shore Heart', doctor: 'Chen' };
/** Dr Aisha Rahman, head of Cardiology at Royal Eastern Hospital. */
export const HOSPITAL_CARDIOLOGY: Receiver = { keyword: 'Cardiology', doctor: 'Rahman' };

type Establishment = { id: string; doctors: { id: string; last_name: string }[] };

/** A patient of the referrer's practice: not the demo patient's own record, which other specs follow. */
export async function referrersPatient(session: ApiSession): Promise<{ id: string }> {
  const patients = await session.request.get('/api/patients/', { headers: session.headers });
  expect(patients.ok()).toBe(true);
  const patient = (
    (await patients.json()) as { results: { id: string; email: string | null }[] }
  ).results.find((p) => p.email !== 'patient@demo.test');
  expect(patient, 'a patient of the referrer').toBeDefined();
  return { id: patient?.id ?? '' };
}

/** The establishment `to` names and its doctor, as ids. */
export async function receiverFor(
  session: ApiSession,
  to: Receiver,
): Promise<{ id: string; doctor: string }> {
  const places = await session.request.get('/api/establishments/', {
    params: { keyword: to.keyword, include_doctors: 'true' },
    headers: session.headers,
  });
  expect(places.ok()).toBe(true);
  const found = ((await places.json()) as { results: Establishment[] }).results;
  const place = found.find((p) => p.doctors.some((doctor) => doctor.last_name === to.doctor));
  expect(place, `${to.keyword}, where Dr ${to.doctor} works`).toBeDefined();
  return { id: place?.id ?? '', doctor: place?.doctors.find((d) => d.last_name === to.doctor)?.id ?? '' };
}

/**
 * `referrer` (signed in as `session`) sends a new referral for a patient of their practice (not the demo
 * patient's own record) to `to`, assigned to its doctor unless `unassigned`, through the API, submitted:
 * new and unread in the receiver's inbox. Answers its id. `fields` adds to the draft (a type and its
 * message, for a request for advice).
 */
export async function submitReferralAs(
  session: ApiSession,
  options: {
    to?: Receiver;
    unassigned?: boolean;
    fields?: { type?: string; referrer_message?: string };
  } = {},
): Promise<string> {
  const { to = CLINIC_SPECIALIST, unassigned = false, fields = {} } = options;
  const { request, headers } = session;
  const patient = await referrersPatient(session);
  const place = await receiverFor(session, to);
  const created = await request.post('/api/referrals/', {
    headers,
    data: {
      patient: patient.id,
      to_establishment: place.id,
      ...(unassigned ? {} : { assignee: place.doctor }),
      ...fields,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const submitted = await request.post(`/api/referrals/${id}/submit/`, { headers });
  expect(submitted.status()).toBe(200);
  return id;
}

/**
 * A new referral of this test's own, submitted through the API by `from` (the demo GP unless said):
 * new and unread in the receiver's inbox, whatever the other specs, running beside this one on the same
 * database, do with the demo data. Answers its id.
 */
export async function freshSubmittedReferral(
  browser: Browser,
  baseURL: string,
  fields: { type?: string; referrer_message?: string } = {},
  options: { from?: string; to?: Receiver; unassigned?: boolean } = {},
): Promise<string> {
  const sender = await apiSessionFor(browser, baseURL, options.from ?? 'gp@demo.test');
  const id = await submitReferralAs(sender, { ...options, fields });
  await sender.close();
  return id;
}

/**
 * `email` takes a referral action through the API (`view`, `accept`, `schedule`, ...; POST without a body,
 * PUT with one), as its screen would: a fresh referral brought to the state a test starts from.
 */
export async function referralActionBy(
  browser: Browser,
  baseURL: string,
  email: string,
  id: string,
  action: string,
  body?: Record<string, unknown>,
): Promise<void> {
  const person = await apiSessionFor(browser, baseURL, email);
  const url = `/api/referrals/${id}/${action}/`;
  const answer = body
    ? await person.request.put(url, { headers: person.headers, data: body })
    : await person.request.post(url, { headers: person.headers });
  expect(answer.status(), `${action} by ${email}: ${await answer.text()}`).toBe(200);
  await person.close();
}
