import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from '../api.ts';
import {
  BackendClientWriteSchema,
  DUPLICATE_KID_MESSAGE,
  KEY_TYPE_MESSAGE,
  PRIVATE_KEY_MESSAGE,
} from './backend-client-schemas.ts';

// The schema checks a key's shape; whether its numbers make a key is the server's check (node:crypto).
const coordinate = (c: string) => c.repeat(64);
const ecKey = { kty: 'EC', crv: 'P-384', x: coordinate('A'), y: coordinate('B'), kid: 'engine-1' };
const rsaKey = { kty: 'RSA', n: 'n'.repeat(342), e: 'AQAB', kid: 'engine-2', alg: 'RS384' };

function errorsOf(body: object) {
  const parsed = BackendClientWriteSchema.safeParse({
    name: 'Interface engine',
    jwks: { keys: [ecKey] },
    scopes: ['system/ServiceRequest.rs'],
    ...body,
  });
  return parsed.success ? null : fieldErrorsFromIssues(parsed.error.issues);
}

describe('a backend service’s registration', () => {
  it('takes public RSA and P-384 keys with their kids, and system scopes', () => {
    expect(errorsOf({ jwks: { keys: [ecKey, rsaKey] } })).toBeNull();
  });

  it('refuses a private key rather than keep its public half', () => {
    expect(errorsOf({ jwks: { keys: [{ ...ecKey, d: coordinate('C') }] } })).toEqual({
      jwks: { keys: [{ d: [PRIVATE_KEY_MESSAGE] }] },
    });
    expect(errorsOf({ jwks: { keys: [{ ...rsaKey, p: 'x', q: 'y' }] } })).toEqual({
      jwks: { keys: [{ p: [PRIVATE_KEY_MESSAGE], q: [PRIVATE_KEY_MESSAGE] }] },
    });
  });

  it('refuses a symmetric key, a small RSA key and a key without a kid', () => {
    expect(errorsOf({ jwks: { keys: [{ kty: 'oct', k: 'secret', kid: 'x' }] } })).toMatchObject({
      jwks: { keys: [{ kty: [KEY_TYPE_MESSAGE] }] },
    });
    expect(errorsOf({ jwks: { keys: [{ ...rsaKey, n: 'n'.repeat(171) }] } })).toEqual({
      jwks: { keys: [{ n: ['An RSA key has at least 2048 bits.'] }] },
    });
    const { kid: _kid, ...noKid } = ecKey;
    expect(errorsOf({ jwks: { keys: [noKid] } })).toMatchObject({
      jwks: { keys: [{ kid: expect.any(Array) }] },
    });
  });

  it('wants a kid per key and each scope once', () => {
    expect(errorsOf({ jwks: { keys: [ecKey, { ...rsaKey, kid: ecKey.kid }] } })).toEqual({
      jwks: { keys: [{}, { kid: [DUPLICATE_KID_MESSAGE] }] },
    });
    expect(errorsOf({ scopes: ['system/Task.rs', 'system/Task.rs'] })).toEqual({
      scopes: ['Give each scope once.'],
    });
    expect(errorsOf({ scopes: [] })).toEqual({ scopes: ['Grant at least one scope.'] });
  });
});
