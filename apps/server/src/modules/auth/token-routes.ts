import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import inject, { type DispatchFunc } from 'light-my-request';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { checkSession, startSession } from './auth-sessions.ts';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from './refresh-cookie.ts';
import { revokeSignIn } from './revoke-sign-in.ts';

const TokenRequestSchema = z.record(z.string(), z.string());

/**
 * Whether a browser sent the request. Browsers add Origin to every POST and Sec-Fetch-Site to every
 * request, and no page script can take them off, so a script in our page cannot pass itself off as a
 * relying party's server to be handed a refresh token in the JSON.
 */
function fromBrowser(request: FastifyRequest): boolean {
  return request.headers.origin !== undefined || request.headers['sec-fetch-site'] !== undefined;
}

/**
 * POST /auth/oauth/token in front of the provider's own endpoint: it refuses a refresh token whose session
 * has ended or gone idle, and keeps the web app's refresh token out of page scripts' reach: a browser gets
 * it as an HttpOnly cookie instead of in the JSON, and refreshes with the cookie. A relying party's server
 * (no browser) gets the provider's standard answer and sends its refresh token in the form, as OAuth
 * clients do. Rotation and replay detection are the provider's, the same for both.
 */
export function registerTokenRoute(app: FastifyInstance, provider: Provider): void {
  const db = app.database.db;
  // The provider's Koa handler returns a promise; light-my-request wants a plain (req, res) dispatcher. The
  // provider finds where it is mounted from the request's originalUrl, as middie gives it on the other
  // /auth routes: without it, the token endpoint it knows (the only `aud` SMART lets a backend service's
  // assertion name) would lack /auth.
  const providerCallback = provider.callback();
  const mountPath = new URL(provider.issuer).pathname.replace(/\/$/, '');
  const handler: DispatchFunc = (req, res) => {
    Object.assign(req, { originalUrl: `${mountPath}${req.url ?? ''}` });
    void providerCallback(req, res);
  };
  const publicUrl = new URL(app.config.publicUrl);
  const secureCookie = !/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(app.config.publicUrl);

  app.post('/auth/oauth/token', { schema: { hide: true } }, async (request, reply) => {
    const parsed = TokenRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      return reply
        .status(400)
        .header('cache-control', 'no-store')
        .send({ error: 'invalid_request', error_description: 'Send the token request as form fields.' });
    }
    const body = { ...parsed.data };
    const isRefresh = body.grant_type === 'refresh_token';
    if (isRefresh && !body.refresh_token) body.refresh_token = request.cookies[REFRESH_COOKIE] ?? '';

    if (isRefresh && body.refresh_token) {
      const refreshToken = await provider.RefreshToken.find(body.refresh_token);
      const check = refreshToken?.grantId
        ? await checkSession(app.database, refreshToken.grantId)
        : undefined;
      if (refreshToken?.grantId && check && !check.ok) {
        await revokeSignIn(db, refreshToken.grantId);
        return invalidGrant(reply, 'The session has ended. Please sign in again.');
      }
    }

    const answer = await inject(handler, {
      method: 'POST',
      url: '/oauth/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: publicUrl.host,
        'x-forwarded-host': publicUrl.host,
        'x-forwarded-proto': publicUrl.protocol.replace(':', ''),
        'x-forwarded-for': request.ip,
      },
      payload: new URLSearchParams(body).toString(),
    });
    const json = answer.json<Record<string, unknown>>();
    if (answer.statusCode !== 200) {
      if (isRefresh) clearRefreshCookie(reply);
      return reply.status(answer.statusCode).header('cache-control', 'no-store').send(json);
    }

    const claims = decodeJwt(String(json.access_token));
    if (typeof claims.gid === 'string' && typeof claims.sub === 'string') {
      if (isRefresh) await checkSession(app.database, claims.gid);
      else await startSession(db, claims.gid, claims.sub, request.ip);
    }
    if (!fromBrowser(request)) return reply.header('cache-control', 'no-store').send(json);
    const { refresh_token: refreshToken, ...rest } = json;
    if (typeof refreshToken === 'string') setRefreshCookie(reply, refreshToken, secureCookie);
    return reply.header('cache-control', 'no-store').send(rest);
  });

  function invalidGrant(reply: FastifyReply, description: string) {
    clearRefreshCookie(reply);
    return reply
      .status(400)
      .header('cache-control', 'no-store')
      .send({ error: 'invalid_grant', error_description: description });
  }
}
