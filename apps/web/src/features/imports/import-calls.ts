import { NAV_STATS_POLL_MS } from '@referrals/domain/constants';
import type { ImportKind } from '@referrals/domain/imports/import-codes';
import {
  ImportActivityPageSchema,
  ImportHl7UploadSchema,
  ImportItemPageSchema,
  ImportItemSchema,
  type ImportItem,
  type ImportItemPage,
  type ImportItemUpdate,
  type ImportListStatus,
} from '@referrals/domain/imports/import-schemas';

/** The queue's filters and page, as the screen holds them. */
export type ImportListQuery = { status: ImportListStatus; assignee?: 'me' | undefined; page: number };
import type {
  ImportConvertInput,
  ManualReferralCreateInput,
} from '@referrals/domain/referrals/manual-referral-schemas';
import { ReferralSchema } from '@referrals/domain/referrals/referral-schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '@/lib/referrals-key';

/** The import queue's calls (docs/import-queue.md; spec section 7 Import). */
export const importsKey = ['imports'] as const;

const itemPath = (id: string) => `/api/import/email/${encodeURIComponent(id)}/`;
const kindPath = (kind: ImportKind, id: string) =>
  `/api/import/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/`;
export const importFilePath = (itemId: string, fileId: string) =>
  `${itemPath(itemId)}files/${encodeURIComponent(fileId)}/`;
export const importPagePath = (itemId: string, fileId: string, page: number) =>
  `${importFilePath(itemId, fileId)}pages/${String(page)}/`;

export function useImportQueue(query: ImportListQuery) {
  return useQuery({
    queryKey: [...importsKey, 'queue', query],
    queryFn: ({ signal }) => apiClient('/api/import/email/', { query, schema: ImportItemPageSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: NAV_STATS_POLL_MS,
  });
}

/**
 * The navigation's count of unopened new items: the smallest page of the queue, trusted rather than
 * parsed like the other counters of the first screen.
 */
export function useImportUnreadCount({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...importsKey, 'queue', 'unread'],
    queryFn: ({ signal }) =>
      apiClient<ImportItemPage>('/api/import/email/', { query: { page_size: 1 }, signal }),
    select: (page) => page.unread_count,
    refetchInterval: NAV_STATS_POLL_MS,
    enabled,
  });
}

export function useImportItem(id: string | null) {
  return useQuery({
    queryKey: [...importsKey, 'item', id],
    queryFn: ({ signal }) => apiClient(itemPath(id ?? ''), { schema: ImportItemSchema, signal }),
    enabled: id !== null,
  });
}

export function useImportActivity(itemId: string) {
  return useQuery({
    queryKey: [...importsKey, 'activity', itemId],
    queryFn: ({ signal }) =>
      apiClient('/api/import/activity/', {
        query: { item: itemId, page_size: 50 },
        schema: ImportActivityPageSchema,
        signal,
      }),
  });
}

/** A file or a TIFF page as a Blob (downloads go behind the bearer token). */
export function useImportBlob(path: string) {
  return useQuery({
    queryKey: [...importsKey, 'blob', path],
    queryFn: ({ signal }) => apiClient<Blob>(path, { responseType: 'blob', signal }),
    staleTime: Infinity,
  });
}

export function useUpdateImportItem(item: Pick<ImportItem, 'id' | 'kind'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportItemUpdate) =>
      apiClient(kindPath(item.kind.value, item.id), { method: 'PATCH', body, schema: ImportItemSchema }),
    onSuccess: (updated) => {
      client.setQueryData([...importsKey, 'item', item.id], updated);
      void client.invalidateQueries({ queryKey: [...importsKey, 'queue'] });
      void client.invalidateQueries({ queryKey: [...importsKey, 'activity', item.id] });
    },
  });
}

export function useConvertImportItem(item: Pick<ImportItem, 'id' | 'kind'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportConvertInput) =>
      apiClient(`${kindPath(item.kind.value, item.id)}convert/`, {
        method: 'POST',
        body,
        schema: ReferralSchema,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: importsKey });
      void client.invalidateQueries({ queryKey: referralsKey });
    },
  });
}

/**
 * POST import/hl7/ (docs/interop.md, HL7 v2, Receiving): an REF^I12 file into the queue. `created` is false
 * when the same message was received before: the answer then names the first item.
 */
export function useUploadHl7Message() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return apiClient('/api/import/hl7/', { method: 'POST', body, schema: ImportHl7UploadSchema });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: [...importsKey, 'queue'] }),
  });
}

/** POST referrals/ with type MANUAL: the JSON part `referral`, then the letter's files. */
export function useCreateManualReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ referral, files }: { referral: ManualReferralCreateInput; files: readonly File[] }) => {
      const body = new FormData();
      body.append('referral', JSON.stringify(referral));
      for (const file of files) body.append('referrer_attachments', file, file.name);
      return apiClient('/api/referrals/', { method: 'POST', body, schema: ReferralSchema });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: referralsKey }),
  });
}
