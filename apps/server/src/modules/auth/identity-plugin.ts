import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import middie from '@fastify/middie';
import type Provider from 'oidc-provider';
import { createAuthenticate } from './authenticate.ts';
import { emailVerificationRoutes } from './email-verification-routes.ts';
import { registerInteractionRoutes } from './interaction-routes.ts';
import { createOidcProvider, identityUrls, type IdentityUrls } from './oidc-provider.ts';
import { registerPasswordResetRoutes } from './password-reset-routes.ts';
import { loadServerKeys } from './server-keys.ts';
import { registerSignUpRoutes } from './sign-up-routes.ts';
import { registerTokenRoute } from './token-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    identity: { provider: Provider; urls: IdentityUrls };
    /** preHandler for routes that need a signed-in user; sets `request.user`. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

// Paths under /auth that this server answers itself; the provider answers the rest.
const OWN_AUTH_PATHS =
  /^\/(interaction\/|(oauth\/token|dbconnections\/change_password|forgot-password|reset-password|signup|verify-email)(\?|$))/;

/** The built-in hosted login under /auth, and the `authenticate` check for the API. */
export async function registerIdentity(app: FastifyInstance): Promise<void> {
  const keys = await loadServerKeys(app.database.db);
  const provider = createOidcProvider(app.config, app.database.db, keys);
  const urls = identityUrls(app.config);
  // The provider answers its own errors; its 5xx are our bugs and must reach the log.
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'sign-in provider error'));

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
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
  app.decorate('identity', { provider, urls });
  app.decorate('authenticate', createAuthenticate(app.database.db, urls, keys.signingKey));
  registerPasswordResetRoutes(app);
  registerSignUpRoutes(app);
  await app.register(emailVerificationRoutes);
}
