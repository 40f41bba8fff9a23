import { ExternalReportListSchema } from '@referrals/domain/external-access/external-access-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { accessCall, accessQueryKey, type AccessKey } from './access-address';

/** GET reports/external/?access=: the sent reports addressed to the reader, with their text. */
export function externalReportsQueryOptions(access: AccessKey) {
  return queryOptions({
    queryKey: [...accessQueryKey(access.token), 'reports', access.session] as const,
    queryFn: ({ signal }) =>
      accessCall('/api/reports/external/', access, { schema: ExternalReportListSchema, signal }).then(
        (list) => list.results,
      ),
    retry: false,
  });
}

export function useExternalReports(access: AccessKey) {
  return useQuery(externalReportsQueryOptions(access));
}
