import type { FastifyInstance } from 'fastify';
import type { HttpMethod } from '@medplum/fhir-router';
import type { AccessTokenVerifier } from './access-tokens.ts';
import type { FhirStore } from './fhir-store.ts';
import { sendFhir, sendOutcome, sendUnavailable } from './fhir-responses.ts';
import type { FailureSwitches } from './sandbox-failures.ts';
import { providerContext } from './launch-context-observations.ts';

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The FHIR R4 API at `{origin}/fhir`: every call needs an access token from the sandbox's authorization
 * server, and the failure switches stand in front of the store.
 */
export function registerFhirRoutes(
  app: FastifyInstance,
  options: {
    store: FhirStore;
    verifyAccessToken: AccessTokenVerifier;
    failures: FailureSwitches;
    fhirBaseUrl: string;
  },
): void {
  const { store, verifyAccessToken, failures, fhirBaseUrl } = options;

  app.addContentTypeParser(
    ['application/fhir+json', 'application/json-patch+json'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'ignore'),
  );

  app.route({
    method: METHODS,
    url: '/fhir/*',
    handler: async (request, reply) => {
      const failure = failures.fhirFailure();
      if (failure === 'down') return sendUnavailable(reply);
      const practitionerId =
        failure === 'unauthorized' ? null : await verifyAccessToken(request.headers.authorization);
      if (practitionerId === null)
        return sendOutcome(
          reply.header('www-authenticate', 'Bearer'),
          401,
          'login',
          failure
            ? 'The access token was refused (sandbox failure switched on).'
            : 'A valid access token is required.',
        );
      const url = request.url.slice('/fhir/'.length);
      const method = request.method as HttpMethod;
      if (
        method === 'POST' &&
        /^DocumentReference\/?(\?|$)/.test(url) &&
        failures.takeDocumentReferenceRefusal()
      )
        return sendUnavailable(reply);
      // The launch context of spec section 7's CTX-PROVIDER: who launched, and their provider number here.
      // CTX-PATIENT is not offered, as many record systems do not: Referrals then reads the patient alone.
      if (method === 'GET' && url === 'Observation/CTX-PROVIDER') {
        const context = providerContext(practitionerId);
        if (context) return sendFhir(reply, 200, context);
      }
      const answer = await store.handle({ method, url, body: request.body });
      const created = answer.status === 201 && 'id' in answer.body ? answer.body : undefined;
      if (created) reply.header('location', `${fhirBaseUrl}/${created.resourceType}/${created.id}`);
      return sendFhir(reply, answer.status, answer.body);
    },
  });
}
