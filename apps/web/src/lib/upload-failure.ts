import { ApiError } from './api-error';

/**
 * The alert of a failed upload (spec section 8): 'Error uploading attachment.' with the first of the
 * server's non_field_errors, file or detail.
 */
export function uploadFailureMessage(error: unknown): string {
  const prefix = 'Error uploading attachment.';
  if (!(error instanceof ApiError)) return prefix;
  const fields = error.fieldErrors;
  const first = (key: string) => {
    const value = fields?.[key];
    return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
  };
  const reason = first('non_field_errors') ?? first('file') ?? error.detail;
  return reason === undefined ? prefix : `${prefix} ${reason}`;
}
