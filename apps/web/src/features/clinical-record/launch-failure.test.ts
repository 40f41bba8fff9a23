import { describe, expect, it } from 'vitest';
import {
  CLINICAL_RECORD_EXPIRED_MESSAGE,
  CLINICAL_RECORD_FAILED_MESSAGE,
  UNKNOWN_RECORD_SYSTEM_MESSAGE,
} from '@referrals/domain/clinical-record/clinical-record-schemas';
import { ApiError } from '@/lib/api-error';
import { launchFailureIsFinal, launchFailureMessage } from './launch-failure';

describe('a failed launch step', () => {
  it('says what the server said of a refused launch', () => {
    const unknown = new ApiError(400, { iss: [UNKNOWN_RECORD_SYSTEM_MESSAGE] });
    expect(launchFailureMessage(unknown)).toBe(UNKNOWN_RECORD_SYSTEM_MESSAGE);
    expect(launchFailureIsFinal(unknown)).toBe(true);
    expect(launchFailureMessage(new ApiError(403, { detail: 'No account.' }))).toBe('No account.');
  });

  it('shows the expired message of spec section 8 for a record system that answered 401', () => {
    const expired = new ApiError(502, {
      detail: CLINICAL_RECORD_EXPIRED_MESSAGE,
      code: 'clinical_record_expired',
    });
    expect(launchFailureMessage(expired)).toBe(
      'Integration expired, please try launching Referrals from SmartLaunch again.',
    );
    expect(launchFailureIsFinal(expired)).toBe(true);
  });

  it('offers to try again when the record system or the connection failed', () => {
    const down = new ApiError(502, {
      detail: CLINICAL_RECORD_FAILED_MESSAGE,
      code: 'clinical_record_unavailable',
    });
    expect(launchFailureMessage(down)).toBe(CLINICAL_RECORD_FAILED_MESSAGE);
    expect(launchFailureIsFinal(down)).toBe(false);
    expect(launchFailureMessage(new TypeError('Failed to fetch'))).toBe(CLINICAL_RECORD_FAILED_MESSAGE);
    expect(launchFailureIsFinal(new TypeError('Failed to fetch'))).toBe(false);
    const ours = new ApiError(500, { detail: 'Oops' });
    expect(launchFailureMessage(ours)).toBe(CLINICAL_RECORD_FAILED_MESSAGE);
    expect(launchFailureIsFinal(ours)).toBe(false);
  });
});
