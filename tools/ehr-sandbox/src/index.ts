import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import fastifyFormbody from '@fastify/formbody';
import middie from '@fastify/middie';
import { exportJWK, generateKeyPair } from 'jose';
import { createAccessTokenVerifier } from './access-tokens.ts';
import { registerAdminRoutes } from './admin-routes.ts';
import { createAuthorizationServer } from './authorization-server.ts';
import {
  createEhrLauncher,
  UnknownLaunchSubjectError,
  type Launch,
  type LaunchRequest,
} from './ehr-launch.ts';
import { registerFhirRoutes } from './fhir-routes.ts';
import { createFhirStore } from './fhir-store.ts';
import { registerHomeRoutes } from './home-routes.ts';
import { createLaunchContexts } from './launch-contexts.ts';
import { deleteFiledDocuments } from './record-queries.ts';
import { createFailureSwitches, type SandboxFailures } from './sandbox-failures.ts';
import { PATIENT_IDS } from './seed/patients.ts';
import { PRACTITIONER_IDS } from './seed/practitioners.ts';
import { registerSignInRoutes } from './sign-in-routes.ts';
import { registerSmartDiscovery } from './smart-discovery.ts';
import { addLaunchContextToTokens } from './token-launch-context.ts';

export type { Launch, LaunchRequest } from './ehr-launch.ts';
export type { FhirFailure, SandboxFailures } from './sandbox-failures.ts';

export type EhrSandboxOptions = {
  /** 0 takes any free port; 4000 when left out. */
  port?: number;
  /** The host name to listen on and to put in every URL; localhost when left out. */
  host?: string;
  /** Where Referrals runs: a launch opens `{referralsUrl}/?launch=…&iss=…`. */
  referralsUrl?: string;
  /** The client's registered redirect URIs; `{referralsUrl}/` when left out. */
  redirectUris?: string[];
  clientId?: string;
};

export type EhrSandbox = {
  /** e.g. http://localhost:4000, where the record's page is. */
  origin: string;
  /** `{origin}/fhir`: the `iss` of a launch and the audience of its access tokens. */
  fhirBaseUrl: string;
  /** `{origin}/oauth`: the authorization server. */
  issuer: string;
  /** The seeded patients' FHIR ids by surname. */
  patients: typeof PATIENT_IDS;
  /** The seeded practitioners' FHIR ids by surname. */
  practitioners: typeof PRACTITIONER_IDS;
  createLaunch(request?: LaunchRequest): Launch;
  setFailures(failures: SandboxFailures): void;
  /** Clears the failures and the documents filed since the start. */
  reset(): Promise<void>;
  close(): Promise<void>;
};

/** Starts a sandbox clinical record system with its FHIR server, authorization server and pages. */
export async function startEhrSandbox(options: EhrSandboxOptions = {}): Promise<EhrSandbox> {
  const host = options.host ?? 'localhost';
  const referralsUrl = (options.referralsUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const clientId = options.clientId ?? 'referrals';
  // Every URL holds the port, which port 0 picks only on listening, and Fastify takes no routes once it
  // listens: so a plain server listens first and Fastify is given it.
  // Requests that come before Fastify is ready (a test runner polling for the port) get a 503 and retry:
  // Fastify's router cannot answer them yet.
  const notReady = (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(503, { 'retry-after': '1' }).end();
  };
  const server = createServer(notReady);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4000, host === 'localhost' ? '127.0.0.1' : host, resolve);
  });
  let routeWhenReady: (request: IncomingMessage, response: ServerResponse) => void = notReady;
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  const app = Fastify({
    logger: false,
    serverFactory: (handler) => {
      routeWhenReady = handler;
      return server;
    },
  });
  const fhirBaseUrl = `${origin}/fhir`;
  const issuer = `${origin}/oauth`;

  const store = await createFhirStore();
  const launches = createLaunchContexts();
  const failures = createFailureSwitches();
  const createLaunch = createEhrLauncher({ launches, referralsUrl, fhirBaseUrl });
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const provider = createAuthorizationServer({
    issuer,
    fhirBaseUrl,
    clientId,
    redirectUris: options.redirectUris ?? [`${referralsUrl}/`],
    signingKey: { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid },
    launches,
  });
  addLaunchContextToTokens(provider, launches);
  const verifyAccessToken = createAccessTokenVerifier({
    issuer,
    audience: fhirBaseUrl,
    publicKey: { ...(await exportJWK(publicKey)), alg: 'RS256', kid },
  });

  await app.register(fastifyFormbody);
  await app.register(middie);
  const providerHandler = provider.callback();
  app.use('/oauth', (req: IncomingMessage, res: ServerResponse) => {
    // The provider builds its links from the request; the origin is where browsers reach the sandbox.
    req.headers['x-forwarded-host'] = new URL(origin).host;
    req.headers['x-forwarded-proto'] = 'http';
    void providerHandler(req, res);
  });
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof UnknownLaunchSubjectError) return reply.code(400).send({ error: error.message });
    return reply.send(error);
  });
  registerSmartDiscovery(app, { fhirBaseUrl, issuer, failures });
  registerFhirRoutes(app, { store, verifyAccessToken, failures, fhirBaseUrl });
  registerSignInRoutes(app, { provider, fhirBaseUrl, launches });
  registerHomeRoutes(app, { repo: store.repo, createLaunch, fhirBaseUrl, issuer, clientId, referralsUrl });
  registerAdminRoutes(app, { repo: store.repo, failures, createLaunch });
  await app.ready();
  server.off('request', notReady);
  server.on('request', routeWhenReady);

  return {
    origin,
    fhirBaseUrl,
    issuer,
    patients: PATIENT_IDS,
    practitioners: PRACTITIONER_IDS,
    createLaunch: (request = {}) => createLaunch(request),
    setFailures: (next) => failures.set(next),
    async reset() {
      failures.clear();
      await deleteFiledDocuments(store.repo);
    },
    async close() {
      await app.close();
      server.closeAllConnections();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}
