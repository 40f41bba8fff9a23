import { describe, expect, it } from 'vitest';
import {
  ALREADY_APPROVED_MESSAGE,
  ALREADY_VERIFIED_MESSAGE,
  APPROVE_BEFORE_VERIFYING_MESSAGE,
  approvalRefusal,
} from './establishment-approval.ts';

describe('approvalRefusal', () => {
  it('approves a new establishment once', () => {
    expect(approvalRefusal({ is_approved: false, is_verified: false }, 'approve')).toBeNull();
    expect(approvalRefusal({ is_approved: true, is_verified: false }, 'approve')).toBe(
      ALREADY_APPROVED_MESSAGE,
    );
  });

  it('verifies only an approved establishment, once', () => {
    expect(approvalRefusal({ is_approved: false, is_verified: false }, 'verify')).toBe(
      APPROVE_BEFORE_VERIFYING_MESSAGE,
    );
    expect(approvalRefusal({ is_approved: true, is_verified: false }, 'verify')).toBeNull();
    expect(approvalRefusal({ is_approved: true, is_verified: true }, 'verify')).toBe(
      ALREADY_VERIFIED_MESSAGE,
    );
  });
});
