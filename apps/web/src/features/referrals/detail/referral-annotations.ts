import {
  ReferralTagSchema,
  StickyNoteSchema,
  type ReferralTagWrite,
  type StickyNoteWrite,
} from '@referrals/domain/referrals/referral-annotation-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '../api/get-referral';

/**
 * Tags and sticky notes (spec section 7 "Sticky notes and tags"): the establishment's own, read with the
 * referral, so every change refreshes the referral queries.
 */
const base = (id: string, list: 'tags' | 'sticky-notes') =>
  `/api/referrals/${encodeURIComponent(id)}/${list}/`;

function useRefreshingMutation<T>(run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralsKey }),
  });
}

export function useAddTag(id: string) {
  return useRefreshingMutation((body: ReferralTagWrite) =>
    apiClient(base(id, 'tags'), { method: 'POST', body, schema: ReferralTagSchema }),
  );
}

export function useRemoveTag(id: string) {
  return useRefreshingMutation((tagId: string) =>
    apiClient(`${base(id, 'tags')}${encodeURIComponent(tagId)}/`, { method: 'DELETE' }),
  );
}

export function useAddStickyNote(id: string) {
  return useRefreshingMutation((body: StickyNoteWrite) =>
    apiClient(base(id, 'sticky-notes'), { method: 'POST', body, schema: StickyNoteSchema }),
  );
}

export function useDeleteStickyNote(id: string) {
  return useRefreshingMutation((noteId: string) =>
    apiClient(`${base(id, 'sticky-notes')}${encodeURIComponent(noteId)}/`, { method: 'DELETE' }),
  );
}

export function useRenameTag(id: string) {
  return useRefreshingMutation(({ tagId, ...body }: ReferralTagWrite & { tagId: string }) =>
    apiClient(`${base(id, 'tags')}${encodeURIComponent(tagId)}/`, {
      method: 'PATCH',
      body,
      schema: ReferralTagSchema,
    }),
  );
}

export function useEditStickyNote(id: string) {
  return useRefreshingMutation(({ noteId, ...body }: StickyNoteWrite & { noteId: string }) =>
    apiClient(`${base(id, 'sticky-notes')}${encodeURIComponent(noteId)}/`, {
      method: 'PATCH',
      body,
      schema: StickyNoteSchema,
    }),
  );
}
