import { generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DUPLICATE_KID_MESSAGE,
  PRIVATE_KEY_MESSAGE,
  type BackendClient,
} from '@referrals/domain/establishments/backend-client-schemas';
import { SYSTEM_SCOPE_MESSAGE } from '@referrals/domain/fhir/smart-scopes';
import { createEstablishment, type Establishment } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { backendClients } from '../../db/schema/backend-clients.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';
import { ALREADY_REVOKED_MESSAGE } from './revoke-backend-client.ts';

/** A P-384 key pair's public half as a JWK, with a kid. */
function ecPublicJwk(kid: string) {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
  return {
    publicJwk: { ...publicKey.export({ format: 'jwk' }), kid },
    privateJwk: privateKey.export({ format: 'jwk' }),
  };
}

describe('an establishment’s backend services (its settings)', () => {
  let t: TestApp;
  let clinic: Establishment;
  let holder: Person;
  let colleague: Person;
  const url = () => `/api/establishments/${clinic.id}/backend-clients/`;
  const body = (overrides: object = {}) => ({
    name: 'Clinic PAS',
    jwks: { keys: [ecPublicJwk('pas-2026').publicJwk] },
    scopes: ['system/ServiceRequest.rs', 'system/Task.read'],
    ...overrides,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    clinic = await createEstablishment(db, { name: 'Northside Cardiology', type: 'CL' });
    holder = await signedInPerson(t.app, db, {
      at: clinic.id,
      employment: { is_account_holder: true },
      user: { role: 'PM', first_name: 'Linda', last_name: 'Park' },
    });
    colleague = await signedInPerson(t.app, db, { at: clinic.id, user: { role: 'SP' } });
  });
  afterAll(() => t.app.close());

  it('registers a service with its public keys and scopes, gives it a client_id and audits it', async () => {
    const sent = body();
    const created = await holder.api('POST', url(), sent);
    expect(created.statusCode).toBe(201);
    const client = created.json<BackendClient>();
    expect(client).toMatchObject({
      name: 'Clinic PAS',
      jwks: sent.jwks,
      scopes: ['system/ServiceRequest.rs', 'system/Task.read'],
      created_by: { id: holder.user.id, first_name: 'Linda', last_name: 'Park' },
      revoked_at: null,
    });
    expect(client.client_id).toMatch(/^[0-9a-f-]{36}$/);

    const listed = await holder.api('GET', url());
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ count: 1, next: null, results: [{ client_id: client.client_id }] });

    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'backend-client.register'), eq(auditLog.resource_id, client.client_id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      actor_id: holder.user.id,
      establishment_id: clinic.id,
      detail: { name: 'Clinic PAS', kids: ['pas-2026'] },
    });
  });

  it('takes an RSA key of 2048 bits for RS384', async () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'rsa-1', alg: 'RS384', use: 'sig' };
    const created = await holder.api('POST', url(), body({ name: 'Clinic RIS', jwks: { keys: [jwk] } }));
    expect(created.statusCode).toBe(201);
  });

  it('refuses a private key, another algorithm or curve, a key off its curve and a repeated kid', async () => {
    const { privateJwk } = ecPublicJwk('leaked');
    const before = await t.database.db.select().from(backendClients);
    const refused = async (sent: object) => {
      const answer = await holder.api('POST', url(), body(sent));
      expect(answer.statusCode).toBe(400);
      return answer.json<unknown>();
    };
    expect(await refused({ jwks: { keys: [{ ...privateJwk, kid: 'leaked' }] } })).toEqual({
      jwks: { keys: [{ d: [PRIVATE_KEY_MESSAGE] }] },
    });
    const ec = ecPublicJwk('k1').publicJwk;
    expect(await refused({ jwks: { keys: [{ ...ec, alg: 'ES256' }] } })).toMatchObject({
      jwks: { keys: [{ alg: ['An EC key signs with ES384 here.'] }] },
    });
    const p256 = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
    expect(await refused({ jwks: { keys: [{ ...p256, kid: 'p256' }] } })).toMatchObject({
      jwks: { keys: [{ crv: expect.any(Array) as unknown }] },
    });
    const offCurve = { ...ec, y: ec.x };
    expect(await refused({ jwks: { keys: [offCurve] } })).toEqual({
      jwks: { keys: [{ x: ['This is not a point on the curve P-384.'] }] },
    });
    expect(await refused({ jwks: { keys: [ec, { ...ecPublicJwk('k2').publicJwk, kid: 'k1' }] } })).toEqual({
      jwks: { keys: [{}, { kid: [DUPLICATE_KID_MESSAGE] }] },
    });
    expect(await refused({ scopes: ['system/Task.rs', 'user/Task.rs'] })).toEqual({
      scopes: { 1: [SYSTEM_SCOPE_MESSAGE] },
    });
    expect(await t.database.db.select().from(backendClients)).toEqual(before);
  });

  it('revokes a service once; it stays listed with the time of revocation', async () => {
    const created = (
      await holder.api('POST', url(), body({ name: 'Old interface engine' }))
    ).json<BackendClient>();
    const revokeUrl = `${url()}${created.client_id}/revoke/`;
    const revoked = await holder.api('POST', revokeUrl);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<BackendClient>().revoked_at).not.toBeNull();
    const again = await holder.api('POST', revokeUrl);
    expect([again.statusCode, again.json()]).toEqual([409, { detail: ALREADY_REVOKED_MESSAGE }]);
    const listed = (await holder.api('GET', url())).json<{ results: BackendClient[] }>();
    expect(listed.results.find((c) => c.client_id === created.client_id)?.revoked_at).toBe(
      revoked.json<BackendClient>().revoked_at,
    );
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'backend-client.revoke'), eq(auditLog.resource_id, created.client_id)));
    expect(audited).toHaveLength(1);
  });

  it('answers a colleague who may not edit the establishment as if it had none', async () => {
    const [known] = await t.database.db.select().from(backendClients);
    for (const answer of [
      await colleague.api('GET', url()),
      await colleague.api('POST', url(), body()),
      await colleague.api('POST', `${url()}${known?.client_id ?? ''}/revoke/`),
    ]) {
      expect([answer.statusCode, answer.json()]).toEqual([404, { detail: 'Not found.' }]);
    }
    const missing = await holder.api('POST', `${url()}00000000-0000-4000-8000-000000000000/revoke/`);
    expect(missing.statusCode).toBe(404);
  });
});
