import type { FastifyReply } from 'fastify';
import type { OperationOutcome, Resource } from '@medplum/fhirtypes';

export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

export function sendFhir(
  reply: FastifyReply,
  status: number,
  body: Resource | OperationOutcome,
): FastifyReply {
  return reply.code(status).type(FHIR_JSON).send(JSON.stringify(body));
}

/** An error answer in FHIR's own shape, as a record system's FHIR server gives it. */
export function sendOutcome(
  reply: FastifyReply,
  status: number,
  code: 'login' | 'transient' | 'invalid',
  diagnostics: string,
): FastifyReply {
  return sendFhir(reply, status, {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code, diagnostics }],
  });
}

export const sendUnavailable = (reply: FastifyReply) =>
  sendOutcome(
    reply,
    503,
    'transient',
    'The clinical record system is unavailable (sandbox failure switched on).',
  );
