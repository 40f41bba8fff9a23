import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import middie from '@fastify/middie';
import {
  registerAuthorizationServerMetadata,
  registerSmartConfiguration,
} from './authorization-server-metadata.ts';
import { createAuthenticate } from './authenticate.ts';
import { builtInTokenVerifier } from './built-in-token-verifier.ts';
import { externalTokenVerifier } from './external-token-verifier.ts';
import { rememberVerifiedTokens } from './verified-token-cache.ts';
import { emailVerificationRoutes } from './email-verification-routes.ts';
import { registerInteractionRoutes } from './interaction-routes.ts';
import { createOidcProvider, identityUrls } from './oidc-provider.ts';
import { registerPasswordResetRoutes } from './password-reset-routes.ts';
import { loadServerKeys } from './server-keys.ts';
import { registerSignUpRoutes } from './sign-up-routes.ts';
import { registerTokenRoute } from './token-routes.ts';
import { registerUnlockRoutes } from './unlock-routes.ts';
import { registerUserinfoRoute } from './userinfo-route.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user; sets `request.user`. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * The same for what SMART clients call (the FHIR API, userinfo): it also takes a person's token that
     * carries SMART scopes, and a backend service's token, for which it sets `request.system` instead.
     */
    authenticateSmart: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

// Paths under /auth that this server answers itself; the provider answers the rest.
const OWN_AUTH_PATHS =
  /^\/(interaction\/|(oauth\/token|userinfo|dbconnections\/change_password|forgot-password|reset-password|unlock|signup|verify-email)(\?|$))/;

/**
 * Sign-in for the API: the built-in hosted login under /auth, or, with OIDC_ISSUER set, an external OpenID
 * provider whose access tokens the API accepts. Either way `app.authenticate` guards signed-in routes.
 */
export async function registerIdentity(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  const external = app.config.externalIdentity;
  if (external) {
    const verifier = externalTokenVerifier(app.database.db, external);
    app.decorate('authenticate', createAuthenticate(app.database, verifier));
    app.decorate('authenticateSmart', createAuthenticate(app.database, verifier, { smart: true }));
    return;
  }
  const keys = await loadServerKeys(app.database.db);
  const provider = createOidcProvider(app.config, app.database.db, keys);
  const urls = identityUrls(app.config);
  // The provider answers its own errors; its 5xx are our bugs and must reach the log.
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'sign-in provider error'));

  await app.register(middie);
  const providerHandler = provider.callback();
  const publicUrl = new URL(app.config.publicUrl);
  app.use('/auth', (req, res, next) => {
    if (OWN_AUTH_PATHS.test(req.url ?? '')) return next();
    // The provider builds its links from the request; PUBLIC_URL is where users actually reach us.
    req.headers['x-forwarded-host'] = publicUrl.host;
    req.headers['x-forwarded-proto'] = publicUrl.protocol.replace(':', '');
    void providerHandler(req, res);
  });

  registerInteractionRoutes(app, provider);
  registerTokenRoute(app, provider);
  const verifier = rememberVerifiedTokens(builtInTokenVerifier(urls, keys.signingKey));
  app.decorate('authenticate', createAuthenticate(app.database, verifier));
  app.decorate('authenticateSmart', createAuthenticate(app.database, verifier, { smart: true }));
  registerUserinfoRoute(app);
  registerAuthorizationServerMetadata(app, urls.issuer);
  registerSmartConfiguration(app, urls.issuer);
  registerPasswordResetRoutes(app);
  registerUnlockRoutes(app);
  registerSignUpRoutes(app);
  await app.register(emailVerificationRoutes);
}
