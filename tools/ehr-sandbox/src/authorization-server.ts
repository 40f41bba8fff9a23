import { randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import Provider, { errors, interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import type { LaunchContexts } from './launch-contexts.ts';
import { findPractitioner, practitionerClaims } from './practitioner-accounts.ts';
import { CONTEXT_SCOPES, grantableScopes } from './smart-scopes.ts';
import { escapeHtml } from './pages/page-frame.ts';

export type AuthorizationServerOptions = {
  issuer: string;
  fhirBaseUrl: string;
  clientId: string;
  redirectUris: string[];
  signingKey: JWK;
  launches: LaunchContexts;
};

const HOUR = 60 * 60;

// The sandbox's sign-in step, outside the provider's own paths under /oauth.
export const SIGN_IN_PATH = '/sign-in';

/**
 * The SMART authorization server: one public client with PKCE, the launch and aud parameters checked at
 * the authorize step, and JWT access tokens for the FHIR server carrying the SMART scopes asked for.
 */
export function createAuthorizationServer(options: AuthorizationServerOptions): Provider {
  const { fhirBaseUrl, launches } = options;
  const provider = new Provider(options.issuer, {
    clients: [
      {
        client_id: options.clientId,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    responseTypes: ['code'],
    clientAuthMethods: ['none'],
    scopes: [...CONTEXT_SCOPES],
    claims: {
      openid: ['sub'],
      fhirUser: ['fhirUser'],
      email: ['email'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // SMART apps read fhirUser from the ID token of the code flow, where OpenID Connect would leave it out.
    conformIdTokenClaims: false,
    extraParams: {
      // SMART requires the authorization server to refuse a token meant for another FHIR server; without
      // this check a malicious `iss` could collect tokens for this one.
      aud(_ctx, value) {
        if (value !== fhirBaseUrl)
          throw new errors.InvalidRequest(`aud must be this FHIR server, ${fhirBaseUrl}`);
      },
      launch(_ctx, value) {
        if (value !== undefined && !launches.find(String(value)))
          throw new errors.InvalidRequest('launch is not one this record system started');
      },
    },
    findAccount(_ctx, sub) {
      const practitioner = findPractitioner(sub);
      if (!practitioner) return undefined;
      return { accountId: sub, claims: () => practitionerClaims(practitioner, fhirBaseUrl) };
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => fhirBaseUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: (ctx, indicator) => {
          if (indicator !== fhirBaseUrl) throw new errors.InvalidTarget();
          return {
            // Resource scopes follow a pattern, not a list: the ones this request or its grant carries.
            scope: [...new Set(grantableScopes(scopesInPlay(ctx, fhirBaseUrl)))].join(' '),
            audience: fhirBaseUrl,
            accessTokenFormat: 'jwt',
            accessTokenTTL: HOUR,
          };
        },
      },
    },
    // Every launch signs in, so a launch as another practitioner is not answered from an earlier session.
    interactions: {
      policy: signInEveryLaunch(),
      url: (_ctx, interaction) => `${SIGN_IN_PATH}/${interaction.uid}`,
    },
    issueRefreshToken: (ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    // A working day of launches without signing in again; the sandbox forgets everything on restart anyway.
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      Grant: 12 * HOUR,
      Session: 12 * HOUR,
      RefreshToken: 12 * HOUR,
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [options.signingKey] },
    routes: { authorization: '/authorize', token: '/token', jwks: '/jwks' },
    clientBasedCORS: () => true,
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in problem · Sandbox clinical record</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><main><h1>The sandbox could not sign you in</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p></main></body></html>`;
    },
  });
  provider.proxy = true;
  keepOfflineAccess(provider);
  return provider;
}

/**
 * OpenID Connect drops offline_access unless the request also says prompt=consent; SMART apps ask for it
 * without, and expect a refresh token. The sandbox has no consent screen (the sign-in grants what was
 * asked), so the prompt is added for them.
 */
function keepOfflineAccess(provider: Provider): void {
  provider.use(async (ctx, next) => {
    const { scope, prompt } = ctx.query;
    if (
      ctx.path === '/authorize' &&
      typeof scope === 'string' &&
      scope.split(' ').includes('offline_access')
    ) {
      const prompts = typeof prompt === 'string' ? prompt.split(' ') : [];
      if (!prompts.includes('consent')) {
        // The provider finds where it is mounted by the request's URL within the original one: keep both.
        const request = ctx.req as { originalUrl?: string };
        const mountPath = request.originalUrl?.slice(0, request.originalUrl.indexOf(ctx.url)) ?? '';
        ctx.query = { ...ctx.query, prompt: [...prompts, 'consent'].join(' ') };
        request.originalUrl = `${mountPath}${ctx.url}`;
      }
    }
    await next();
  });
}

function scopesInPlay(ctx: KoaContextWithOIDC, fhirBaseUrl: string): string {
  const requested = typeof ctx.oidc.params?.scope === 'string' ? ctx.oidc.params.scope : '';
  return `${requested} ${ctx.oidc.entities.Grant?.getResourceScope(fhirBaseUrl) ?? ''}`;
}

function signInEveryLaunch() {
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check('sandbox_sign_in', 'The sandbox signs in at every launch', (ctx) =>
        ctx.oidc.result?.login
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );
  return policy;
}
