import { REFERRAL_ATTACHMENT_LIMIT } from '@referrals/domain/constants';
import { AttachmentPageSchema, AttachmentSchema } from '@referrals/domain/referrals/forms/attachment-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '../api/get-referral';

const list = (id: string) => `/api/referrals/${encodeURIComponent(id)}/referrer-attachments/`;

export const attachmentsKey = (id: string) => [...referralsKey, 'detail', id, 'referrer-attachments'];

/** GET referrer-attachments/: the sender's files, on one page of the most a referral takes (section 9). */
export function useReferrerAttachments(id: string) {
  return useQuery({
    queryKey: attachmentsKey(id),
    queryFn: ({ signal }) =>
      apiClient(list(id), {
        query: { page_size: REFERRAL_ATTACHMENT_LIMIT },
        schema: AttachmentPageSchema,
        signal,
      }),
  });
}

/** POST multipart: the meta (`field` for a form's file field) before the file, as the server reads it. */
export function uploadAttachment(id: string, file: File, field: string | null) {
  const body = new FormData();
  if (field !== null) body.append('field', field);
  body.append('file', file);
  return apiClient(list(id), { method: 'POST', body, schema: AttachmentSchema });
}

export function deleteAttachment(id: string, attachmentId: string) {
  return apiClient(`${list(id)}${encodeURIComponent(attachmentId)}/`, { method: 'DELETE' });
}
