import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import type { FastifyInstance } from 'fastify';

export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

const ISSUE_CODES: Record<number, OperationOutcomeIssue['code']> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-supported',
  409: 'conflict',
  412: 'conflict',
  413: 'too-costly',
  415: 'not-supported',
  428: 'conflict',
  429: 'throttled',
  503: 'transient',
};

/** Field errors nest as the API's 400 does ({forms: {0: {name: [...]}}}): each message with its path. */
function fieldIssues(body: unknown, path: string[] = []): { path: string[]; text: string }[] {
  if (typeof body === 'string') return [{ path, text: body }];
  if (Array.isArray(body))
    return body.flatMap((item, index) =>
      fieldIssues(item, typeof item === 'string' ? path : [...path, String(index)]),
    );
  if (body && typeof body === 'object') {
    return Object.entries(body).flatMap(([key, value]) => fieldIssues(value, [...path, key]));
  }
  return [];
}

/** The API's error body ({detail} or {field: [messages]}) as FHIR's OperationOutcome, one issue per message. */
export function operationOutcomeOf(status: number, body: Record<string, unknown>): OperationOutcome {
  const code = ISSUE_CODES[status] ?? 'exception';
  const severity: OperationOutcomeIssue['severity'] = status >= 500 ? 'fatal' : 'error';
  const { detail, request_id: requestId, ...fields } = body;
  const issues: OperationOutcomeIssue[] = [
    ...(typeof detail === 'string' ? [{ severity, code, diagnostics: detail }] : []),
    ...fieldIssues(fields).map(({ path, text }) => ({
      severity,
      code,
      diagnostics: text,
      ...(path.length > 0 && path[0] !== 'non_field_errors' ? { expression: [path.join('.')] } : {}),
    })),
  ];
  return {
    resourceType: 'OperationOutcome',
    ...(typeof requestId === 'string' ? { id: requestId } : {}),
    issue: issues.length > 0 ? issues : [{ severity, code, diagnostics: `HTTP ${status}` }],
  };
}

/**
 * Every answer of the FHIR API is FHIR: the app's one error handler decides the status (a 404 for another
 * establishment's referral, a 503 with Retry-After for a lost database, a 500 with its request id), and this
 * hook, for the routes of the plugin it is added in, rewrites the error body as an OperationOutcome.
 */
export function answerErrorsAsOperationOutcome(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-type', FHIR_JSON);
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      body = {};
    }
    const fields =
      body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    return JSON.stringify(operationOutcomeOf(reply.statusCode, fields));
  });
}
