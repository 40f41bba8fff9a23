import { FieldErrorsSchema } from '@referrals/domain/api';
import { ApiError } from './api-error';

/** The field messages of a refused upload: a 400's, or a 413's (the server names the file field there too). */
function fieldMessagesOf(error: ApiError) {
  if (error.status !== 400 && error.status !== 413) return undefined;
  const parsed = FieldErrorsSchema.safeParse(error.body);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The alert of a failed upload (spec section 8): 'Error uploading attachment.' with the first of the
 * server's non_field_errors, file or detail.
 */
export function uploadFailureMessage(error: unknown): string {
  const prefix = 'Error uploading attachment.';
  if (!(error instanceof ApiError)) return prefix;
  const fields = fieldMessagesOf(error);
  const first = (key: string) => {
    const value = fields?.[key];
    return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
  };
  const reason = first('non_field_errors') ?? first('file') ?? error.detail;
  return reason === undefined ? prefix : `${prefix} ${reason}`;
}
