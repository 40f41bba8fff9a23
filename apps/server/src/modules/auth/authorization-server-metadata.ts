import type { FastifyInstance } from 'fastify';
import { SMART_RESOURCE_TYPES } from '@referrals/domain/fhir/smart-scopes';
import { WEB_SCOPES } from './oidc-provider.ts';

/**
 * RFC 8414 authorization server metadata at the host's well-known address. For our issuer (PUBLIC_URL/auth)
 * the standard puts it at /.well-known/oauth-authorization-server/auth; the bare address is where clients
 * that know only the host look. Both answer the provider's own document (/auth/.well-known/...), which is
 * its OpenID discovery document under the RFC 8414 name.
 */
export function registerAuthorizationServerMetadata(app: FastifyInstance, issuer: string): void {
  const issuerUrl = new URL(issuer);
  const document = `${issuerUrl.pathname}/.well-known/oauth-authorization-server`;
  for (const url of [
    '/.well-known/oauth-authorization-server',
    `/.well-known/oauth-authorization-server${issuerUrl.pathname}`,
  ]) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) => {
      const answer = await app.inject({ method: 'GET', url: document, headers: { host: issuerUrl.host } });
      return reply.status(answer.statusCode).type('application/json; charset=utf-8').send(answer.body);
    });
  }
}

/** What SMART's discovery takes from the provider's own document, so it can never say otherwise. */
const FROM_PROVIDER = [
  'issuer',
  'jwks_uri',
  'authorization_endpoint',
  'token_endpoint',
  'revocation_endpoint',
  'userinfo_endpoint',
  'grant_types_supported',
  'token_endpoint_auth_methods_supported',
  'token_endpoint_auth_signing_alg_values_supported',
  'response_types_supported',
  'code_challenge_methods_supported',
] as const;

/**
 * SMART's discovery document for the FHIR API, at `[FHIR base]/.well-known/smart-configuration` (SMART App
 * Launch 2.0, Conformance): the provider's endpoints and methods, read from its own document, with SMART's
 * capabilities and example scopes. Backend services find the token endpoint and the client assertion's
 * algorithms here (docs/interop.md, System-to-system access).
 */
export function registerSmartConfiguration(app: FastifyInstance, issuer: string): void {
  const issuerUrl = new URL(issuer);
  const types = ['*', ...SMART_RESOURCE_TYPES];
  let document: Promise<Record<string, unknown>> | undefined;
  const load = async () => {
    const answer = await app.inject({
      method: 'GET',
      url: `${issuerUrl.pathname}/.well-known/openid-configuration`,
      headers: { host: issuerUrl.host },
    });
    if (answer.statusCode !== 200) throw new Error(`the provider's discovery answered ${answer.statusCode}`);
    const provider = answer.json<Record<string, unknown>>();
    return {
      ...Object.fromEntries(FROM_PROVIDER.map((name) => [name, provider[name]])),
      scopes_supported: [
        ...WEB_SCOPES.split(' '),
        ...types.flatMap((type) => [`system/${type}.rs`, `user/${type}.rs`]),
        'user/ServiceRequest.c',
        'user/Task.c',
      ],
      capabilities: [
        'client-public',
        'client-confidential-asymmetric',
        'permission-v1',
        'permission-v2',
        'permission-user',
      ],
    };
  };
  app.get('/fhir/.well-known/smart-configuration', { schema: { hide: true } }, async (_request, reply) => {
    // Built once: the provider's document does not change while the process runs.
    document ??= load().catch((error: unknown) => {
      document = undefined;
      throw error;
    });
    return reply.type('application/json; charset=utf-8').send(await document);
  });
}
