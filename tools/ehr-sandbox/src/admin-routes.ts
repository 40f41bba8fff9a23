import type { FastifyInstance } from 'fastify';
import type { MemoryRepository } from '@medplum/fhir-router';
import type { Launch, LaunchRequest } from './ehr-launch.ts';
import { deleteFiledDocuments } from './record-queries.ts';
import type { FailureSwitches, SandboxFailures } from './sandbox-failures.ts';

/**
 * The test's controls under /sandbox: start a launch, switch failures on and off, and clear what a test
 * left behind. No authentication: the sandbox runs only on a developer's machine or in CI.
 */
export function registerAdminRoutes(
  app: FastifyInstance,
  options: {
    repo: MemoryRepository;
    failures: FailureSwitches;
    createLaunch: (request: LaunchRequest) => Launch;
  },
): void {
  app.post<{ Body: LaunchRequest }>(
    '/sandbox/launches',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { patientId: { type: ['string', 'null'] }, practitionerId: { type: 'string' } },
        },
      },
    },
    (request, reply) => reply.send(options.createLaunch(request.body ?? {})),
  );

  app.post<{ Body: SandboxFailures }>(
    '/sandbox/failures',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            fhir: { enum: ['unauthorized', 'down', null] },
            refuseDocumentReferences: { type: 'integer', minimum: 0 },
          },
        },
      },
    },
    async (request, reply) => {
      options.failures.set(request.body ?? {});
      return reply.code(204).send();
    },
  );

  app.post('/sandbox/reset', async (_request, reply) => {
    options.failures.clear();
    await deleteFiledDocuments(options.repo);
    return reply.code(204).send();
  });
}
