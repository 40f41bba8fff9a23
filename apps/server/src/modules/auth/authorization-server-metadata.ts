import type { FastifyInstance } from 'fastify';

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
