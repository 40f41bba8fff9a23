import { eq } from 'drizzle-orm';
import Provider, { errors, type KoaContextWithOIDC } from 'oidc-provider';
import {
  allSmartScopes,
  isSmartResourceScope,
  parseSmartScope,
  smartScopesWithin,
} from '@referrals/domain/fhir/smart-scopes';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema/people.ts';
import { findActiveBackendClient } from './backend-clients.ts';
import { databaseAdapter } from './oidc-adapter.ts';
import type { ServerKeys } from './server-keys.ts';

/** The web app's client (api-conventions.md, Paths): public, PKCE S256 required. */
export const WEB_CLIENT_ID = 'referrals-web';
/** Scopes the web app asks for (spec section 7, Hosted login). */
export const WEB_SCOPES = 'openid profile email offline_access';

/** The claims each scope releases, in the ID token and at userinfo (OIDC Core 5.4). */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'given_name', 'family_name'],
} as const;

type ClaimName = (typeof SCOPE_CLAIMS)[keyof typeof SCOPE_CLAIMS][number];

/** Everything the provider can say about a user; the granted scopes choose what is released. */
export function accountClaims(
  user: typeof users.$inferSelect,
): { sub: string } & Record<ClaimName, string | boolean> {
  return {
    sub: user.id,
    email: user.email,
    email_verified: user.email_verified_at !== null,
    name: `${user.first_name} ${user.last_name}`,
    given_name: user.first_name,
    family_name: user.last_name,
  };
}

// An access token lives minutes; the session behind it is checked on every call (auth-sessions.ts), so a
// short life only bounds how long a stolen token is worth anything.
const ACCESS_TOKEN_TTL_S = 5 * 60;
// The longest a sign-in lasts however active the user is; refresh tokens rotate within it.
const SIGN_IN_MAX_AGE_S = 12 * 60 * 60;
// How far apart our clock and a client's may be: the provider's default, applied to the assertion's exp too.
const CLOCK_TOLERANCE_S = 15;
// SMART Backend Services: a client's assertion expires no more than five minutes after it is sent.
const ASSERTION_MAX_LIFE_S = 5 * 60;

/**
 * The scopes a person's token for the API may carry: the OpenID ones the web app asks for, and SMART's user
 * scopes, which a client asks for to get a token the FHIR API holds to them (docs/interop.md).
 */
const USER_RESOURCE_SCOPES = [...WEB_SCOPES.split(' '), ...allSmartScopes('user')].join(' ');

/** The SMART scopes among a request's `scope` parameter, understood here or not. */
function requestedSmartScopes(ctx: KoaContextWithOIDC): string[] {
  const scope = ctx.oidc.params?.scope;
  return typeof scope === 'string' ? scope.split(' ').filter(isSmartResourceScope) : [];
}

/**
 * A request that asks for SMART scopes and would be given none of them is refused (invalid_scope): a token
 * without SMART scopes is the product's own, with the whole reach of its person or nothing for a service.
 * Those it may have are given; the rest are left out, and the token's `scope` says which are in.
 */
function refuseWithoutGrantableScopes(ctx: KoaContextWithOIDC, grantable: string): void {
  const requested = requestedSmartScopes(ctx);
  if (requested.length === 0) return;
  const offered = new Set(grantable.split(' '));
  if (!requested.some((scope) => offered.has(scope))) {
    throw new errors.InvalidScope('none of the requested scopes can be granted', requested.join(' '));
  }
}

export type IdentityUrls = { issuer: string; audience: string; redirectUri: string };

export function identityUrls(config: Config): IdentityUrls {
  return {
    issuer: `${config.publicUrl}/auth`,
    audience: `${config.publicUrl}/api`,
    redirectUri: `${config.publicUrl}/authorize`,
  };
}

/** The built-in OpenID Connect provider: login at /auth, JWT access tokens for the API. */
export function createOidcProvider(config: Config, db: Database, keys: ServerKeys): Provider {
  const urls = identityUrls(config);
  const provider = new Provider(urls.issuer, {
    adapter: databaseAdapter(db),
    clients: [
      {
        client_id: WEB_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        redirect_uris: [urls.redirectUri],
        post_logout_redirect_uris: [`${config.publicUrl}/login`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // The provider signs with one ES256 key (server-keys.ts); RS256 is the default it would expect.
        id_token_signed_response_alg: 'ES256',
      },
    ],
    pkce: { required: () => true },
    // Discovery advertises only what works end to end: the code flow of a public client. DPoP and pushed
    // authorization requests are off because our token route (token-routes.ts) and the web app use neither.
    responseTypes: ['code'],
    // none: the web app (a public client with PKCE); private_key_jwt: the establishments' backend services
    // (SMART Backend Services), signing with RS384 or ES384 as SMART asks.
    clientAuthMethods: ['none', 'private_key_jwt'],
    enabledJWA: { clientAuthSigningAlgValues: ['RS384', 'ES384'] },
    clockTolerance: CLOCK_TOLERANCE_S,
    assertJwtClientAuthClaimsAndHeader(_ctx, claims) {
      const latest = Math.floor(Date.now() / 1000) + ASSERTION_MAX_LIFE_S + CLOCK_TOLERANCE_S;
      if (typeof claims.exp !== 'number' || claims.exp > latest) {
        throw new errors.InvalidClientAuth('the client_assertion must expire within five minutes (exp)');
      }
    },
    scopes: WEB_SCOPES.split(' '),
    claims: { ...SCOPE_CLAIMS },
    // The login page shows a 'session expired' hint when the web app signs in again after inactivity, and
    // confirms a single sign-on account link (sso_link, single-sign-on-link.ts) when it carries one. A
    // launch from a clinical record signs its person in with the launch's ticket (record_launch).
    extraParams: ['session_expired', 'screen_hint', 'sso_link', 'record_launch'],
    async findAccount(_ctx, sub) {
      const [user] = await db.select().from(users).where(eq(users.id, sub));
      if (!user) return undefined;
      return { accountId: user.id, claims: () => accountClaims(user) };
    },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: true },
      // SMART Backend Services: an establishment's backend service gets a token with its own credentials.
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => urls.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: async (ctx, indicator, client) => {
          if (indicator !== urls.audience) throw new errors.InvalidTarget();
          // A person's tokens carry the scopes the user granted: the token response states them, and the
          // same token reads userinfo (userinfo-route.ts), which the provider's own would refuse for it. A
          // backend service's carry what it asks for within the system scopes its establishment granted.
          let scope = USER_RESOURCE_SCOPES;
          if (client && client.clientId !== WEB_CLIENT_ID) {
            const registered = await findActiveBackendClient(db, client.clientId);
            scope = smartScopesWithin(registered?.scopes ?? [], 'system').join(' ');
            // A service that asks for nothing it may have gets no token rather than an empty one.
            if (requestedSmartScopes(ctx).length === 0) {
              throw new errors.InvalidScope('ask for the system scopes the token is for', '');
            }
          }
          refuseWithoutGrantableScopes(ctx, scope);
          return {
            scope,
            audience: urls.audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ACCESS_TOKEN_TTL_S,
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
    // The app is its own first party: the grant is given without a consent screen. Each password sign-in
    // gets a grant of its own: the grant is the session the API checks, and an earlier one may have ended.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const clientId = ctx.oidc.client?.clientId ?? WEB_CLIENT_ID;
      const freshLogin = ctx.oidc.result?.login !== undefined;
      const grantId =
        ctx.oidc.result?.consent?.grantId ??
        (freshLogin ? undefined : ctx.oidc.session?.grantIdFor(clientId));
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      // SMART user scopes the request asks for are the person's to narrow their own token with: granted
      // without a consent screen, like the rest.
      const smartScopes = requestedSmartScopes(ctx).filter(
        (scope) => parseSmartScope(scope)?.context === 'user',
      );
      if (existing) {
        if (smartScopes.length === 0) return existing;
        existing.addResourceScope(urls.audience, smartScopes.join(' '));
        await existing.save();
        return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session?.accountId });
      grant.addOIDCScope(WEB_SCOPES);
      grant.addResourceScope(urls.audience, [WEB_SCOPES, ...smartScopes].join(' '));
      await grant.save();
      return grant;
    },
    // The grant id travels in the access token so the API can find the session it belongs to.
    extraTokenClaims: (_ctx, token) => ('grantId' in token ? { gid: token.grantId } : undefined),
    // OpenID Connect drops offline_access unless consent is prompted; the web app is first party and its
    // refresh token is bounded by the session rules, so it always gets one.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    interactions: { url: (_ctx, interaction) => `/auth/interaction/${interaction.uid}` },
    cookies: {
      keys: keys.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    jwks: { keys: [keys.signingKey] },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_S,
      ClientCredentials: ACCESS_TOKEN_TTL_S,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL_S,
      Interaction: 30 * 60,
      Session: SIGN_IN_MAX_AGE_S,
      Grant: SIGN_IN_MAX_AGE_S,
      // A rotated refresh token inherits what is left of the one it replaces: the sign-in has a fixed end.
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? SIGN_IN_MAX_AGE_S,
    },
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      revocation: '/oauth/revoke',
      end_session: '/logout',
      jwks: '/jwks',
      userinfo: '/userinfo',
    },
    clientBasedCORS: () => false,
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in problem · Referrals</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>We could not sign you in</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p><p><a href="${config.publicUrl}/">Start again</a></p></body></html>`;
    },
  });
  provider.proxy = true;
  return provider;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
