import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { Client } from 'fhir-kit-client';
import type { BackendClient } from '@referrals/domain/establishments/backend-client-schemas';
import type { Person } from '../establishments/establishment-test-people.ts';

/**
 * A backend service (SMART Backend Services) of `holder`'s establishment, registered through the settings
 * API with `scopes`, signed in with an ES384 client assertion: a fhir-kit-client with its token
 * (fhir-backend-services.test.ts tests the sign-in itself).
 */
export async function backendServiceClient(
  base: string,
  holder: Person,
  establishmentId: string,
  scopes: string[],
): Promise<Client> {
  const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
  const kid = `key-${randomUUID()}`;
  const registered = await holder.api('POST', `/api/establishments/${establishmentId}/backend-clients/`, {
    name: 'Interface engine',
    jwks: { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES384' }] },
    scopes,
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const clientId = registered.json<BackendClient>().client_id;
  const tokenEndpoint = `${base}/auth/oauth/token`;
  const assertion = await new SignJWT({ jti: randomUUID() })
    .setProtectedHeader({ alg: 'ES384', kid, typ: 'JWT' })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(tokenEndpoint)
    .setExpirationTime(Math.floor(Date.now() / 1000) + 240)
    .sign(privateKey);
  const answer = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: scopes.join(' '),
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    }),
  });
  expect(answer.status).toBe(200);
  const { access_token: accessToken } = (await answer.json()) as { access_token: string };
  return new Client({ baseUrl: `${base}/fhir`, bearerToken: accessToken });
}
