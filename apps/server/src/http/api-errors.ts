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
export const throttled = () => new ApiError(429, { detail: 'Request was throttled.' });
