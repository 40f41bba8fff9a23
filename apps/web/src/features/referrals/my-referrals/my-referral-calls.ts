import { MyReferralPageSchema, MyReportSchema } from '@referrals/domain/my-referrals/my-referral-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The patient's own calls (docs/my-referrals.md): the referrals about them and the reports to them. */
const myReferralsKey = ['my-referrals'] as const;

export function useMyReferrals(page: number) {
  return useQuery({
    queryKey: [...myReferralsKey, 'list', page],
    queryFn: ({ signal }) =>
      apiClient('/api/my/referrals/', { query: { page }, schema: MyReferralPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMyReport(id: string) {
  return useQuery({
    queryKey: [...myReferralsKey, 'report', id],
    queryFn: ({ signal }) =>
      apiClient(`/api/my/reports/${encodeURIComponent(id)}/`, { schema: MyReportSchema, signal }),
  });
}
