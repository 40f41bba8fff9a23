import { CLINICAL_RECORD_FAILED_MESSAGE } from '@referrals/domain/clinical-record/clinical-record-schemas';
import { ApiError } from '@/lib/api-error';

/**
 * What a launch screen says when a step fails: the server's own words for a refused launch (a 400's first
 * message, a 403's or a 502's detail: the record system expired or could not be reached), and the generic
 * message of spec section 8 for anything else, the connection included.
 */
export function launchFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return CLINICAL_RECORD_FAILED_MESSAGE;
  const fieldMessage = Object.values(error.fieldErrors ?? {})
    .flat()
    .find((message): message is string => typeof message === 'string');
  if (fieldMessage !== undefined) return fieldMessage;
  if ([403, 404, 502].includes(error.status) && error.detail !== undefined) return error.detail;
  return CLINICAL_RECORD_FAILED_MESSAGE;
}

/**
 * Whether trying the same step again cannot help: a refused launch, and a record system that has expired
 * it. A record system that did not answer, our server's failure and a lost connection may pass.
 */
export function launchFailureIsFinal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 502)
    return (error.body as { code?: unknown } | undefined)?.code === 'clinical_record_expired';
  return error.status < 500;
}
