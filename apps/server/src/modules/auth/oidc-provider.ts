import { eq } from 'drizzle-orm';
import Provider, { errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema/people.ts';
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
    clientAuthMethods: ['none'],
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
      resourceIndicators: {
        enabled: true,
        defaultResource: () => urls.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== urls.audience) throw new errors.InvalidTarget();
          // The API's tokens carry the scopes the user granted: the token response states them, and the
          // same token reads userinfo (userinfo-route.ts), which the provider's own would refuse for it.
          return {
            scope: WEB_SCOPES,
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
      if (existing) return existing;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session?.accountId });
      grant.addOIDCScope(WEB_SCOPES);
      grant.addResourceScope(urls.audience, WEB_SCOPES);
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
