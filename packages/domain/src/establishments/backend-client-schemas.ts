import { z } from 'zod';
import { pageOf } from '../api.ts';
import { SystemScopeSchema } from '../fhir/smart-scopes.ts';

/**
 * Backend services an establishment registers in its settings (SMART Backend Services; docs/interop.md):
 * another system that signs in with a JWT signed by its own private key (private_key_jwt) and reads the FHIR
 * API as the establishment. The establishment keeps only the public keys, as a JWK set.
 */

export const PRIVATE_KEY_MESSAGE =
  'This is a private key. Register the public key only, and treat this private key as exposed.';
export const KEY_TYPE_MESSAGE = 'Use an RSA key (for RS384) or an EC key on P-384 (for ES384).';
export const DUPLICATE_KID_MESSAGE = 'Each key needs a kid of its own.';

/** PostgreSQL's text and jsonb cannot hold NUL, so a NUL is the client's mistake (400), not a 500. */
const text = () => z.string().regex(/^[^\0]*$/, { message: 'Null characters are not allowed.' });
const base64url = () =>
  z.string().regex(/^[A-Za-z0-9_-]+$/, { message: 'Give a base64url value (RFC 7515).' });

/** A member only a private key has: present, the key is refused rather than quietly cut to its public half. */
const privateMember = () => z.never({ error: PRIVATE_KEY_MESSAGE }).optional();

/**
 * What every key carries. `kid` is required: SMART's client puts it in the assertion's header, and it picks
 * the key during a rotation, when the set holds the old key and the new.
 */
const keyMembers = {
  kid: text().trim().min(1, 'Give the key a kid.').max(200),
  use: z.literal('sig', { error: 'A key here signs: use is sig.' }).optional(),
  key_ops: z
    .array(z.literal('verify', { error: 'A public key here only verifies.' }))
    .max(1)
    .optional(),
  d: privateMember(),
};

/** An RSA public key of at least 2048 bits (342 base64url characters of modulus), for RS384. */
export const RsaPublicKeySchema = z.object({
  kty: z.literal('RSA'),
  alg: z.literal('RS384', { error: 'An RSA key signs with RS384 here.' }).optional(),
  n: base64url().min(342, 'An RSA key has at least 2048 bits.').max(2732),
  e: base64url().max(12),
  ...keyMembers,
  p: privateMember(),
  q: privateMember(),
  dp: privateMember(),
  dq: privateMember(),
  qi: privateMember(),
  oth: privateMember(),
});

/** An EC public key on P-384 (its coordinates are 48 bytes, 64 base64url characters), for ES384. */
export const EcPublicKeySchema = z.object({
  kty: z.literal('EC'),
  alg: z.literal('ES384', { error: 'An EC key signs with ES384 here.' }).optional(),
  crv: z.literal('P-384', { error: 'An EC key here is on the curve P-384 (ES384).' }),
  x: base64url().length(64, 'Give the 48-byte x coordinate of a P-384 key.'),
  y: base64url().length(64, 'Give the 48-byte y coordinate of a P-384 key.'),
  ...keyMembers,
});

export const PublicJwkSchema = z.discriminatedUnion('kty', [RsaPublicKeySchema, EcPublicKeySchema], {
  error: KEY_TYPE_MESSAGE,
});
export type PublicJwk = z.infer<typeof PublicJwkSchema>;

/** The client's public keys as a JWK set: one, or two while it rotates to a new one. */
export const PublicJwksSchema = z
  .object({ keys: z.array(PublicJwkSchema).min(1, 'Give at least one public key.').max(5) })
  .superRefine((jwks, context) => {
    const seen = new Set<string>();
    jwks.keys.forEach((key, index) => {
      if (seen.has(key.kid)) {
        context.addIssue({ code: 'custom', path: ['keys', index, 'kid'], message: DUPLICATE_KID_MESSAGE });
      }
      seen.add(key.kid);
    });
  });
export type PublicJwks = z.infer<typeof PublicJwksSchema>;

/** POST establishments/{id}/backend-clients/: a new backend service of the establishment. */
export const BackendClientWriteSchema = z.object({
  name: text().trim().min(1, 'This field is required.').max(100),
  jwks: PublicJwksSchema,
  scopes: z
    .array(SystemScopeSchema)
    .min(1, 'Grant at least one scope.')
    .max(50)
    .refine((scopes) => new Set(scopes).size === scopes.length, { message: 'Give each scope once.' }),
});
export type BackendClientWrite = z.infer<typeof BackendClientWriteSchema>;

/** A registered backend service: its client_id is ours to choose; a revoked one can no longer sign in. */
export const BackendClientSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  jwks: PublicJwksSchema,
  scopes: z.array(z.string()),
  created_by: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type BackendClient = z.infer<typeof BackendClientSchema>;

export const BackendClientPageSchema = pageOf(BackendClientSchema);

export const BackendClientParamsSchema = z.object({ id: z.uuid(), clientId: text().min(1).max(200) });
