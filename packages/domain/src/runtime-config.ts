import { z } from 'zod';

/**
 * Where the web app signs in: the OpenID provider's issuer (its discovery document lives at
 * `${issuer}/.well-known/openid-configuration`), the web app's client id, the API audience its access
 * tokens must carry, and whether the provider is an external one (OIDC_ISSUER: Auth0, Keycloak, Entra)
 * rather than the server's own under /auth.
 */
export const RuntimeAuthConfigSchema = z.object({
  issuer: z.string().min(1),
  client_id: z.string().min(1),
  audience: z.string().min(1),
  external: z.boolean(),
});
export type RuntimeAuthConfig = z.infer<typeof RuntimeAuthConfigSchema>;

/**
 * What the server tells the web app at start-up, embedded in index.html as
 * `<script id="referrals-config" type="application/json">`, so that feature flags, the support address and
 * the sign-in provider can be changed by environment at start without rebuilding the web app
 * (architecture.md, Feature flags).
 */
export const RuntimeConfigSchema = z.object({
  flags: z.record(z.string(), z.boolean()),
  support_email: z.string(),
  version: z.string(),
  auth: RuntimeAuthConfigSchema,
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

/** The web app's client id at the built-in provider. */
export const BUILT_IN_CLIENT_ID = 'referrals-web';

/**
 * The built-in provider of a site served at `publicUrl` (an origin, no trailing slash): login under /auth,
 * tokens for the API at /api.
 */
export function builtInAuthConfig(publicUrl: string): RuntimeAuthConfig {
  const base = publicUrl.replace(/\/$/, '');
  return { issuer: `${base}/auth`, client_id: BUILT_IN_CLIENT_ID, audience: `${base}/api`, external: false };
}

/**
 * A cookie the built-in provider's token route sets beside the HttpOnly refresh cookie, and clears with it.
 * It holds no secret: it only tells the web app that a refresh is worth trying, so a visitor who never
 * signed in is sent to the login without a refresh that must fail first.
 */
export const SIGNED_IN_COOKIE = 'referrals_signed_in';

/** The element id the server fills and the web app reads. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'referrals-config';
/** The placeholder in the built index.html that the server replaces. */
export const RUNTIME_CONFIG_PLACEHOLDER = '<!--referrals-runtime-config-->';
