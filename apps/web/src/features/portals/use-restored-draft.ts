import type { ExternalReferralDraft } from '@referrals/domain/portals/external-referral-schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-error';
import type { DraftSession } from './api/draft-address';
import { getExternalDraft } from './api/get-external-draft';
import { forgetDraftSession, readDraftSession } from './draft-session-storage';

export type RestoredDraft = { session: DraftSession; draft: ExternalReferralDraft };

/**
 * The draft this tab was writing before a reload, read once: `pending` while it loads, then the draft or
 * null. A draft the server no longer opens (expired after a day, or already sent) is forgotten, and the
 * sender starts afresh.
 */
export function useRestoredDraft(
  establishmentId: string,
): { pending: true } | { pending: false; restored: RestoredDraft | null } {
  const [session] = useState(() => readDraftSession(establishmentId));
  const query = useQuery({
    queryKey: ['public', 'portal-drafts', session?.id],
    queryFn: ({ signal }) => getExternalDraft(session as DraftSession, signal),
    enabled: session !== null,
    // Read once: from then on the form holds the values and saves them.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  // Only the server's word forgets it: after a network failure a reload may still find it.
  const gone =
    (query.error instanceof ApiError && !query.error.isServerError) || query.data?.submitted === true;
  useEffect(() => {
    if (gone) forgetDraftSession(establishmentId);
  }, [gone, establishmentId]);
  if (session === null) return { pending: false, restored: null };
  if (query.isPending) return { pending: true };
  if (gone || query.isError) return { pending: false, restored: null };
  return { pending: false, restored: { session, draft: query.data } };
}
