import { DetailErrorSchema } from '@referrals/domain/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralQueryOptions, referralsKey } from '../api/get-referral';

const base = (id: string) => `/api/referrals/${encodeURIComponent(id)}/`;

/**
 * upload-to-emr (spec section 7; 202): on the sender side of a referral started from a clinical record, the
 * letter is filed back there by a job; the referral's clinical_record_filing follows it.
 */
export function fileToRecord(id: string) {
  return apiClient(`${base(id)}upload-to-emr/`, { method: 'POST', schema: DetailErrorSchema });
}

export function useFileToRecord(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fileToRecord(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralsKey }),
  });
}

/** export-to-emr: the letter as a FHIR DocumentReference, to file in a clinical record by hand. */
export function exportToRecord(id: string): Promise<Blob> {
  return apiClient(`${base(id)}export-to-emr/`, { responseType: 'blob' });
}

/** While the letter waits to be filed, the referral is asked for again this often, so the outcome appears. */
const FILING_POLL_MS = 3000;

/** Keeps the page's referral query asking again while its filing is queued. */
export function useFilingProgress(id: string): void {
  useQuery({
    ...referralQueryOptions(id),
    refetchInterval: (query) =>
      query.state.data?.clinical_record_filing?.status === 'queued' ? FILING_POLL_MS : false,
  });
}
