import {
  ExternalAccessSessionSchema,
  type ExternalAccessSession,
  type ExternalVerificationInput,
} from '@referrals/domain/external-access/external-access-schemas';
import { accessBasePath, accessCall, type AccessBase } from './access-address';

/**
 * POST referrals/external/?access= (or reports/external/): the patient's details, or the submitted date and
 * the code. Right: a session and the referral. Wrong: one 400 VERIFY_FAILED whatever was wrong; a locked
 * link the 404 of a missing one.
 */
export function verifyAccess(
  token: string,
  body: ExternalVerificationInput,
  base: AccessBase = 'referrals',
): Promise<ExternalAccessSession> {
  return accessCall(
    accessBasePath(base),
    { token, session: null },
    {
      method: 'POST',
      body,
      schema: ExternalAccessSessionSchema,
    },
  );
}
