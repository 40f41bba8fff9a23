import { ExternalAccessDetailSchema } from '@referrals/domain/external-access/external-access-schemas';
import { accessBasePath, accessCall, type AccessBase } from './access-address';

/**
 * GET …/refresh-access/?access=: mails a new link to the address an expired or locked one went to. The
 * answer is the same whatever the token, so the page can only say what it says.
 */
export async function refreshAccess(token: string, base: AccessBase = 'referrals'): Promise<string> {
  const answer = await accessCall(
    `${accessBasePath(base)}refresh-access/`,
    { token, session: null },
    {
      schema: ExternalAccessDetailSchema,
    },
  );
  return answer.detail;
}
