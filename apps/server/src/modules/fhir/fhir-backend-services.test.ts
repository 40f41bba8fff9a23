import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, Organization, Patient, Practitioner, ServiceRequest, Task } from '@medplum/fhirtypes';
import { Client } from 'fhir-kit-client';
import type { BackendClient } from '@referrals/domain/establishments/backend-client-schemas';
import { auditLog } from '../../db/schema/audit-log.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import { as, expectValid, failure, fhirTestServer, sent } from './fhir-test-server.ts';

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
/** A backend service as its vendor runs it: its private key, and the client_id the establishment gave it. */
type Service = { clientId: string; kid: string; alg: 'ES384' | 'RS384'; privateKey: PrivateKey };

// A backend service (SMART Backend Services) of an establishment, as a system outside the product runs it:
// registered through the settings API, signing in with openid-client's private_key_jwt client credentials,
// reading with fhir-kit-client; the refusals with assertions signed by jose, where the test needs a say
// over their claims.
describe('SMART Backend Services: another system reads the FHIR API as its establishment', () => {
  let t: Awaited<ReturnType<typeof fhirTestServer>>;
  let p: ReferralParties;
  let referralId: string;
  let tokenEndpoint: string;
  let clinicHolder: Person;
  let clinicService: Service;
  let outsiderService: Service;

  /** Registers a service of `holder`'s establishment through the API, with a new key pair. */
  async function registerService(
    holder: Person,
    establishmentId: string,
    scopes: string[],
    alg: Service['alg'] = 'ES384',
  ): Promise<Service> {
    const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
    const kid = `key-${randomUUID()}`;
    const registered = await holder.api('POST', `/api/establishments/${establishmentId}/backend-clients/`, {
      name: `Interface engine (${alg})`,
      jwks: { keys: [{ ...(await exportJWK(publicKey)), kid, alg }] },
      scopes,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    return { clientId: registered.json<BackendClient>().client_id, kid, alg, privateKey };
  }

  /** A token through openid-client: client credentials, the assertion's aud the token endpoint (SMART). */
  async function tokenOf(service: Service, scope: string) {
    const config = new oidc.Configuration(
      { issuer: `${t.base}/auth`, token_endpoint: tokenEndpoint },
      service.clientId,
      undefined,
      oidc.PrivateKeyJwt(
        { key: service.privateKey, kid: service.kid },
        {
          [oidc.modifyAssertion]: (_header, payload) => {
            payload.aud = tokenEndpoint;
          },
        },
      ),
    );
    // Plain http is the test server's; the library asks for https otherwise.
    oidc.allowInsecureRequests(config);
    return oidc.clientCredentialsGrant(config, { scope });
  }

  /** An assertion signed by jose, with claims a test may change. */
  function assertion(service: Service, claims: { jti?: string; exp?: number; aud?: string } = {}) {
    return new SignJWT({ jti: claims.jti ?? randomUUID() })
      .setProtectedHeader({ alg: service.alg, kid: service.kid, typ: 'JWT' })
      .setIssuer(service.clientId)
      .setSubject(service.clientId)
      .setAudience(claims.aud ?? tokenEndpoint)
      .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 240)
      .sign(service.privateKey);
  }

  /** A client credentials request with a plain fetch: the status and the OAuth error. */
  async function tokenRequest(clientAssertion: string, scope = 'system/Task.rs') {
    const answer = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        scope,
        client_assertion_type: ASSERTION_TYPE,
        client_assertion: clientAssertion,
      }),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
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
      assignee: p.specialist.user.id,
      referrer_message: 'Palpitations and presyncope.',
    });
    referralId = draft.json<{ id: string }>().id;
    expect((await p.gp.api('POST', `/api/referrals/${referralId}/submit/`)).statusCode).toBe(200);

    clinicHolder = await signedInPerson(t.app, db, {
      at: p.clinic.id,
      employment: { is_account_holder: true },
      user: { role: 'PM' },
    });
    const outsiderHolder = await signedInPerson(t.app, db, {
      at: p.outsiderPractice.id,
      employment: { is_account_holder: true },
      user: { role: 'PM' },
    });
    clinicService = await registerService(clinicHolder, p.clinic.id, [
      'system/ServiceRequest.rs',
      'system/Task.rs',
    ]);
    outsiderService = await registerService(outsiderHolder, p.outsiderPractice.id, ['system/*.rs'], 'RS384');
    const metadata = await new Client({ baseUrl: `${t.base}/fhir` }).smartAuthMetadata();
    tokenEndpoint = String(metadata.tokenUrl);
  });
  afterAll(() => t.app.close());

  it('advertises client credentials with private_key_jwt, RS384 and ES384, and system scopes', async () => {
    expect(tokenEndpoint).toBe(`${t.base}/auth/oauth/token`);
    const answer = await fetch(`${t.base}/fhir/.well-known/smart-configuration`);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const smart = (await answer.json()) as Record<string, string[]>;
    expect(smart).toMatchObject({ issuer: `${t.base}/auth`, token_endpoint: tokenEndpoint });
    expect(smart.grant_types_supported).toContain('client_credentials');
    expect(smart.token_endpoint_auth_methods_supported).toContain('private_key_jwt');
    expect(smart.token_endpoint_auth_signing_alg_values_supported?.slice().sort()).toEqual([
      'ES384',
      'RS384',
    ]);
    expect(smart.scopes_supported).toContain('system/*.rs');
    expect(smart.capabilities).toContain('client-confidential-asymmetric');
  });

  it('gives the receiving clinic’s service the referral as a ServiceRequest and a Task, and audits the client', async () => {
    const tokens = await tokenOf(clinicService, 'system/ServiceRequest.rs system/Task.rs');
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.scope?.split(' ').sort()).toEqual(['system/ServiceRequest.rs', 'system/Task.rs']);
    expect(tokens.expires_in).toBeLessThanOrEqual(300);
    expect(tokens).not.toHaveProperty('refresh_token');
    const fhir = fhirClient(tokens.access_token);

    const request = await as<ServiceRequest>(fhir.read({ resourceType: 'ServiceRequest', id: referralId }));
    expectValid(request);
    expect(request.reasonCode).toEqual([{ text: 'Palpitations and presyncope.' }]);
    const task = await as<Task>(fhir.read({ resourceType: 'Task', id: referralId }));
    expectValid(task);
    expect(task).toMatchObject({ status: 'requested', focus: { reference: `ServiceRequest/${referralId}` } });
    const found = await as<Bundle<Task>>(
      fhir.search({ resourceType: 'Task', searchParams: { _id: referralId } }),
    );
    expect(found.entry?.map((entry) => entry.resource?.id)).toEqual([referralId]);

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, referralId), eq(auditLog.actor_client_id, clinicService.clientId)));
    expect(rows.map((row) => row.action).sort()).toEqual(['referral.list', 'referral.read', 'referral.read']);
    for (const row of rows) {
      expect(row).toMatchObject({ actor_id: null, establishment_id: p.clinic.id, detail: { via: 'fhir' } });
    }
  });

  it('answers another establishment’s service a 404 OperationOutcome for the same referral', async () => {
    const tokens = await tokenOf(outsiderService, 'system/*.rs');
    const fhir = fhirClient(tokens.access_token);
    for (const resourceType of ['ServiceRequest', 'Task']) {
      const hidden = await failure(fhir.read({ resourceType, id: referralId }));
      expect(hidden.status).toBe(404);
      expectValid(hidden.outcome);
      expect(hidden.outcome.issue[0]).toMatchObject({ code: 'not-found', diagnostics: 'Not found.' });
    }
    expect((await failure(fhir.read({ resourceType: 'Patient', id: p.patient.id }))).status).toBe(404);
    const none = await as<Bundle>(fhir.search({ resourceType: 'ServiceRequest' }));
    expect(none.entry).toEqual([]);
    // What any establishment's staff may read, it may read too: the directory.
    const clinic = await as<Organization>(fhir.read({ resourceType: 'Organization', id: p.clinic.id }));
    expectValid(clinic);
    expect(clinic.name).toBe('Northside Cardiology');
    expectValid(
      await as<Practitioner>(fhir.read({ resourceType: 'Practitioner', id: p.specialist.user.id })),
    );
  });

  it('holds a token to its scopes: 403 OperationOutcome for a type or interaction it lacks', async () => {
    const taskReadOnly = await tokenOf(clinicService, 'system/Task.r');
    expect(taskReadOnly.scope).toBe('system/Task.r');
    const fhir = fhirClient(taskReadOnly.access_token);
    expect((await as<Task>(fhir.read({ resourceType: 'Task', id: referralId }))).id).toBe(referralId);
    const unreadable = await failure(fhir.read({ resourceType: 'ServiceRequest', id: referralId }));
    expect(unreadable.status).toBe(403);
    expectValid(unreadable.outcome);
    expect(unreadable.outcome.issue[0]).toMatchObject({ code: 'forbidden' });
    expect(unreadable.outcome.issue[0]?.diagnostics).toContain('system/ServiceRequest.r');
    expect((await failure(fhir.search({ resourceType: 'Task' }))).status).toBe(403);
    expect((await failure(fhir.read({ resourceType: 'Patient', id: p.patient.id }))).status).toBe(403);
  });

  it('lets a service read the patient of a referral its establishment received, when granted', async () => {
    const service = await registerService(clinicHolder, p.clinic.id, ['system/Patient.read'], 'RS384');
    const fhir = fhirClient((await tokenOf(service, 'system/Patient.read')).access_token);
    const patient = await as<Patient>(fhir.read({ resourceType: 'Patient', id: p.patient.id }));
    expectValid(patient);
    expect(patient.name?.[0]?.family).toBe('Whitfield');
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patient_id, p.patient.id), eq(auditLog.actor_client_id, service.clientId)));
    expect(rows.map((row) => row.action)).toEqual(['patient.read']);
  });

  it('never lets a service create a referral, whatever its scopes', async () => {
    const order = sent({
      resourceType: 'ServiceRequest',
      status: 'active',
      intent: 'order',
      subject: { reference: `Patient/${p.patient.id}` },
      performer: [{ reference: `Organization/${p.practice.id}` }],
      reasonCode: [{ text: 'Back to the GP.' }],
    });
    const readOnly = await tokenOf(clinicService, 'system/ServiceRequest.rs');
    const unscoped = await failure(
      fhirClient(readOnly.access_token).create({ resourceType: 'ServiceRequest', body: order }),
    );
    expect(unscoped.status).toBe(403);
    expect(unscoped.outcome.issue[0]?.diagnostics).toContain('system/ServiceRequest.c');

    const writer = await registerService(clinicHolder, p.clinic.id, ['system/ServiceRequest.crs']);
    const scoped = await tokenOf(writer, 'system/ServiceRequest.crs');
    const refused = await failure(
      fhirClient(scoped.access_token).create({ resourceType: 'ServiceRequest', body: order }),
    );
    expect(refused.status).toBe(403);
    expectValid(refused.outcome);
    expect(refused.outcome.issue[0]?.diagnostics).toContain('A backend service cannot create a referral');
  });

  it('refuses a scope the service was not granted, and a request for no scope at all', async () => {
    const refused = await tokenRequest(await assertion(clinicService), 'system/Patient.rs');
    expect([refused.status, refused.body.error]).toEqual([400, 'invalid_scope']);
    const none = await tokenRequest(await assertion(clinicService), '');
    expect([none.status, none.body.error]).toEqual([400, 'invalid_scope']);
  });

  it('refuses an assertion used twice, signed by another key, too long-lived or for another audience', async () => {
    const jti = randomUUID();
    expect((await tokenRequest(await assertion(clinicService, { jti }))).status).toBe(200);
    const replayed = await tokenRequest(await assertion(clinicService, { jti }));
    expect([replayed.status, replayed.body.error]).toEqual([401, 'invalid_client']);

    const { privateKey: stranger } = await generateKeyPair('ES384');
    const forged = await tokenRequest(await assertion({ ...clinicService, privateKey: stranger }));
    expect([forged.status, forged.body.error]).toEqual([401, 'invalid_client']);

    const tenMinutes = Math.floor(Date.now() / 1000) + 600;
    const longLived = await tokenRequest(await assertion(clinicService, { exp: tenMinutes }));
    expect([longLived.status, longLived.body.error]).toEqual([401, 'invalid_client']);

    const elsewhere = await tokenRequest(await assertion(clinicService, { aud: `${t.base}/fhir` }));
    expect([elsewhere.status, elsewhere.body.error]).toEqual([401, 'invalid_client']);
  });

  it('keeps a service’s token out of the product’s own API', async () => {
    const tokens = await tokenOf(clinicService, 'system/ServiceRequest.rs');
    const answer = await t.app.inject({
      url: `/api/referrals/${referralId}/`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(answer.statusCode).toBe(401);
  });

  it('refuses a revoked service a token, and the token it already holds from its next call', async () => {
    const service = await registerService(clinicHolder, p.clinic.id, ['system/Task.rs']);
    const held = await tokenOf(service, 'system/Task.rs');
    const fhir = fhirClient(held.access_token);
    expect((await as<Task>(fhir.read({ resourceType: 'Task', id: referralId }))).id).toBe(referralId);

    const revoked = await clinicHolder.api(
      'POST',
      `/api/establishments/${p.clinic.id}/backend-clients/${service.clientId}/revoke/`,
    );
    expect(revoked.statusCode).toBe(200);
    const refused = await tokenRequest(await assertion(service));
    expect([refused.status, refused.body.error]).toEqual([401, 'invalid_client']);
    const stale = await failure(fhir.read({ resourceType: 'Task', id: referralId }));
    expect(stale.status).toBe(401);
    expect(stale.outcome.issue[0]?.code).toBe('login');
  });
});
