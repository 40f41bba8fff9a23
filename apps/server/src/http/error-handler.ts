import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { fieldErrorsFromIssues } from '@referrals/domain/api';
import { isConnectionLost, isDatabaseBusy, isUnstorableText } from '../db/database-errors.ts';
import { FileStorageUnavailable } from '../modules/files/storage.ts';
import { ApiError, notFound } from './api-errors.ts';

const SERVER_ERROR = 'A server error occurred. Please try again or contact support with this request id.';

/** Every error from /api/ leaves as JSON in the documented shape; a 5xx never shows its message or stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // Error bodies are ours and already in the documented shape; a route's response schema describes its
    // answers, so checking an error against it could only turn a 4xx into a 500.
    reply.type('application/json; charset=utf-8').serializer((payload) => JSON.stringify(payload));
    if (error instanceof ApiError) return reply.status(error.statusCode).send(error.body);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath
          .split('/')
          .filter(Boolean)
          .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        message: v.message ?? 'Invalid value.',
      }));
      return reply.status(400).send(fieldErrorsFromIssues(issues));
    }

    const retryAfter = retryAfterSeconds(error);
    if (retryAfter !== null) {
      request.log.warn(
        { err: error, route: request.routeOptions.url },
        'database or file storage unavailable',
      );
      return reply
        .status(503)
        .header('retry-after', String(retryAfter))
        .send({ detail: DATABASE_UNAVAILABLE });
    }

    if (isUnstorableText(error)) {
      return reply.status(400).send({ non_field_errors: [UNSTORABLE_TEXT] });
    }

    if (!isResponseSerializationError(error)) {
      const status = error.statusCode ?? 500;
      // A body that cannot be read is a 400 like any other: `non_field_errors`, the documented 400 shape.
      if (status === 400) return reply.status(400).send({ non_field_errors: [clientErrorDetail(error)] });
      if (status > 400 && status < 500)
        return reply.status(status).send({ detail: clientErrorDetail(error) });
    }

    // The route's template, not its URL: the request id ties the line to the request, and the error is
    // described without its message (logging.ts), so nothing here can name a patient.
    request.log.error({ err: error, route: request.routeOptions.url }, 'request failed');
    return reply.status(500).send({ detail: SERVER_ERROR, request_id: request.id });
  });
}

/**
 * Errors the router meets before any route runs. A path parameter longer than the router keeps
 * (maxParamLength) cannot be the id of anything, so it is a 404 like any unknown id; a path that does not
 * decode is a 400. Both in the documented shapes, not Fastify's own.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.type('application/json; charset=utf-8');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.status(404).send(notFound().body);
  else void reply.status(400).send({ non_field_errors: ['The address is not valid.'] });
}

const DATABASE_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a few seconds.';

/**
 * When a client should try again after a 503, for errors that are the database's or the file storage's
 * state and not the request's fault; null for any other error. A failover or restart of PostgreSQL takes
 * seconds; contention that outlasted a write's own retries (db/database.ts) clears in well under one.
 */
function retryAfterSeconds(error: unknown): number | null {
  if (isConnectionLost(error)) return 5;
  if (isDatabaseBusy(error)) return 1;
  // A bucket that cannot be reached or answers 5xx, like a database between failovers.
  if (error instanceof FileStorageUnavailable) return 5;
  return null;
}

const UNSTORABLE_TEXT = 'Text may not contain NUL characters.';

/** Fastify's own 4xx (malformed JSON, body too large, bad content type) in the DRF wording. */
function clientErrorDetail(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return `JSON parse error - ${error.message}`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported media type in request.';
    default:
      // SyntaxError from the JSON parser carries no code.
      return error.name === 'SyntaxError' ? `JSON parse error - ${error.message}` : error.message;
  }
}
