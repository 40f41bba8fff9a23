import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Patient, ServiceRequest, Task } from '@medplum/fhirtypes';
import { Client } from 'fhir-kit-client';
import { createEmployment, createUser, type User } from '../../db/factories/factories.ts';
import { SignInClient } from '../../../test/sign-in-client.ts';
import { hashPassword } from '../auth/passwords.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import { as, expectValid, failure, fhirTestServer, sent } from './fhir-test-server.ts';

const PASSWORD = 'user-scopes-password';

// A person's token asked for with SMART user scopes, as a SMART app would ask, is held to them on /fhir and
// kept out of /api; the product's own token, without any, keeps its person's whole reach.
describe('SMART user scopes on the FHIR API', () => {
  let t: Awaited<ReturnType<typeof fhirTestServer>>;
  let p: ReferralParties;
  let doctor: User;
  let referralId: string;

  /** The code flow of the web client, asking for `scope`: the token response. */
  async function signInWith(scope: string) {
    const browser = new SignInClient(t.app);
    const { action, verifier, tokenEndpoint } = await browser.openLoginForm({ scope });
    const returned = await browser.logInAndReturn(action, doctor.email, PASSWORD);
    const token = await browser.request('POST', tokenEndpoint, {
      grant_type: 'authorization_code',
      client_id: 'referrals-web',
      code: returned.searchParams.get('code') ?? '',
      code_verifier: verifier,
      redirect_uri: `${t.base}/authorize`,
    });
    expect(token.statusCode, token.body).toBe(200);
    return token.json<{ access_token: string; scope: string }>();
  }

  const fhirClient = (accessToken: string) =>
    new Client({ baseUrl: `${t.base}/fhir`, bearerToken: accessToken });

  beforeAll(async () => {
    t = await fhirTestServer();
    const db = t.database.db;
    p = await referralParties(t.app, db);
    const draft = await p.gp.api('POST', '/api/referrals/', {
      patient: p.patient.id,
      to_establishment: p.clinic.id,
      referrer_message: 'Murmur on examination.',
    });
    referralId = draft.json<{ id: string }>().id;
    expect((await p.gp.api('POST', `/api/referrals/${referralId}/submit/`)).statusCode).toBe(200);
    // A colleague of the referrer who sees the practice's sent referrals.
    doctor = await createUser(db, { role: 'GP', password_hash: await hashPassword(PASSWORD) });
    await createEmployment(db, {
      user_id: doctor.id,
      establishment_id: p.practice.id,
      permissions: ['add_referral', 'manage_referral'],
      has_shared_outbox_access: true,
    });
  });
  afterAll(() => t.app.close());

  it('holds a token asked for with user/ServiceRequest.rs to ServiceRequests', async () => {
    const token = await signInWith('openid user/ServiceRequest.rs');
    expect(token.scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'user/ServiceRequest.rs']));
    const fhir = fhirClient(token.access_token);
    const request = await as<ServiceRequest>(fhir.read({ resourceType: 'ServiceRequest', id: referralId }));
    expectValid(request);
    const task = await failure(fhir.read({ resourceType: 'Task', id: referralId }));
    expect(task.status).toBe(403);
    expectValid(task.outcome);
    expect(task.outcome.issue[0]).toMatchObject({ code: 'forbidden' });
    expect(task.outcome.issue[0]?.diagnostics).toContain('user/Task.r');
    expect((await failure(fhir.read({ resourceType: 'Patient', id: p.patient.id }))).status).toBe(403);

    // The product's API does not read scopes, so such a token does not reach it; userinfo it does.
    const api = await t.app.inject({
      url: `/api/referrals/${referralId}/`,
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(api.statusCode).toBe(403);
    const userinfo = await t.app.inject({
      url: '/auth/userinfo',
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect([userinfo.statusCode, userinfo.json<{ sub: string }>().sub]).toEqual([200, doctor.id]);
  });

  it('reads everything with v1 user/*.read, and creates nothing without a c scope', async () => {
    const fhir = fhirClient((await signInWith('openid user/*.read')).access_token);
    expectValid(await as<Task>(fhir.read({ resourceType: 'Task', id: referralId })));
    expectValid(await as<Patient>(fhir.read({ resourceType: 'Patient', id: p.patient.id })));
    const created = await failure(
      fhir.create({
        resourceType: 'ServiceRequest',
        body: sent({
          resourceType: 'ServiceRequest',
          status: 'draft',
          intent: 'order',
          subject: { reference: `Patient/${p.patient.id}` },
        }),
      }),
    );
    expect(created.status).toBe(403);
    expect(created.outcome.issue[0]?.diagnostics).toContain('user/ServiceRequest.c');
  });

  it('refuses an authorization request whose SMART scopes cannot be granted at all', async () => {
    const browser = new SignInClient(t.app);
    const query = new URLSearchParams({
      client_id: 'referrals-web',
      response_type: 'code',
      redirect_uri: `${t.base}/authorize`,
      scope: 'openid patient/Observation.rs',
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'scopes',
    });
    const answer = await browser.request('GET', `/auth/authorize?${query.toString()}`);
    const location = new URL(String(answer.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${t.base}/authorize`);
    expect(location.searchParams.get('error')).toBe('invalid_scope');
  });

  it('leaves the product’s own token, without SMART scopes, its person’s whole reach', async () => {
    const fhir = fhirClient(p.gp.token);
    expectValid(await as<Task>(fhir.read({ resourceType: 'Task', id: referralId })));
    expectValid(await as<Patient>(fhir.read({ resourceType: 'Patient', id: p.patient.id })));
  });
});
