import {
  AttachmentPageSchema,
  AttachmentSchema,
  type Attachment,
  type AttachmentKind,
} from '@referrals/domain/referrals/forms/attachment-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '../api/get-referral';

const listPath = (id: string, kind: AttachmentKind) =>
  `/api/referrals/${encodeURIComponent(id)}/${kind}-attachments/`;

/** One list of attachments, read page by page until there is no next page (spec section 7). */
async function listAttachments(
  id: string,
  kind: AttachmentKind,
  signal?: AbortSignal,
): Promise<Attachment[]> {
  const all: Attachment[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await apiClient(listPath(id, kind), {
      query: { page },
      schema: AttachmentPageSchema,
      signal,
    });
    all.push(...answer.results);
    if (answer.next === null) return all;
  }
}

const attachmentsKey = (id: string, kind: AttachmentKind) => [...referralsKey, 'attachments', id, kind];

export function attachmentsQueryOptions(id: string, kind: AttachmentKind) {
  return queryOptions({
    queryKey: attachmentsKey(id, kind),
    queryFn: ({ signal }) => listAttachments(id, kind, signal),
  });
}

export function useAttachments(id: string, kind: AttachmentKind) {
  return useQuery(attachmentsQueryOptions(id, kind));
}

/** POST multipart: the meta fields before the file, as the server reads them in order. */
export function useUploadAttachment(id: string, kind: AttachmentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, note }: { file: File; note: string }) => {
      const body = new FormData();
      if (note !== '') body.append('note', note);
      body.append('file', file);
      return apiClient(listPath(id, kind), { method: 'POST', body, schema: AttachmentSchema });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralsKey }),
  });
}

export function useDeleteAttachment(id: string, kind: AttachmentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string) =>
      apiClient(`${listPath(id, kind)}${encodeURIComponent(attachmentId)}/`, { method: 'DELETE' }),
    // A 404 means it is gone already (spec section 8), so the list is refreshed either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralsKey }),
  });
}

/** The file behind the bearer token, as a Blob the browser can save. */
export function downloadAttachmentFile(attachment: Attachment): Promise<Blob> {
  return apiClient<Blob>(attachment.file, { responseType: 'blob' });
}
