import type { FieldErrors } from '@referrals/domain/api';

/**
 * The API's error vocabulary (api-conventions.md, Errors). Handlers throw these; the error handler turns
 * them into the documented status and body.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export const validationFailed = (errors: FieldErrors) => new ApiError(400, errors);

/** A 400 with the errors a write collected, when there are any. */
export function throwIfErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}
export const notAuthenticated = () =>
  new ApiError(401, { detail: 'Authentication credentials were not provided.' });
export const permissionDenied = () =>
  new ApiError(403, { detail: 'You do not have permission to perform this action.' });
// Another establishment's object answers exactly like a missing one, so ids cannot be probed.
export const notFound = () => new ApiError(404, { detail: 'Not found.' });
export const methodNotAllowed = (method: string) =>
  new ApiError(405, { detail: `Method "${method}" not allowed.` });
export const conflict = (detail: string, status?: { value: string; display: string }) =>
  new ApiError(409, status ? { detail, status } : { detail });
/** What a write of a versioned record says when it does not name the version it read. */
export const VERSION_REQUIRED =
  'Send the version of the record you are changing (its "version" field, as you read it), so that a change made in the meantime is not overwritten.';

/**
 * The optimistic-concurrency check of every versioned write (api-conventions.md, Concurrency): without the
 * version read it is a 428, so two blind writes cannot both succeed; with a stale one a 409.
 */
export function checkVersion(sent: number | undefined, stored: number, staleMessage: string): void {
  if (sent === undefined) throw new ApiError(428, { detail: VERSION_REQUIRED });
  if (sent !== stored) throw conflict(staleMessage);
}

export const throttled = () => new ApiError(429, { detail: 'Request was throttled.' });
