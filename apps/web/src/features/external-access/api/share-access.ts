import {
  ExternalAccessDetailSchema,
  type ExternalShare,
} from '@referrals/domain/external-access/external-access-schemas';
import { accessCall, type AccessKey } from './access-address';

/** POST referrals/external/share/?access=: a link of their own, to another address (3 an hour, 10 a day). */
export async function shareAccess(access: AccessKey, body: ExternalShare): Promise<string> {
  const answer = await accessCall('/api/referrals/external/share/', access, {
    method: 'POST',
    body,
    schema: ExternalAccessDetailSchema,
  });
  return answer.detail;
}
