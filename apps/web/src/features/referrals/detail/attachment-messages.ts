import { UPLOAD_MAX_BYTES } from '@referrals/domain/constants';
import { ApiError } from '@/lib/api-error';

/** The alert of a failed upload: the spec's text and the first of non_field_errors, file or detail (section 8). */
export function uploadFailureMessage(error: unknown): string {
  const base = 'Error uploading attachment.';
  if (!(error instanceof ApiError)) return base;
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as Record<
    string,
    unknown
  >;
  const first = (value: unknown) =>
    Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
  const reason = first(body.non_field_errors) ?? first(body.file) ?? error.detail;
  return reason === undefined ? base : `${base} ${reason}`;
}

/** The alert of a failed delete (section 8); a 404 counts as removed but still says so. */
export const DELETE_FAILURE_MESSAGE = 'Error deleting attachment';

/** Why a file is not sent at all, checked before the upload so a 5 MB file never crosses the network. */
export function fileRefusal(file: File): string | null {
  if (file.size > UPLOAD_MAX_BYTES) return `${file.name} is larger than 5 MB, the largest file allowed.`;
  return null;
}
