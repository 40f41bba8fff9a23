import {
  EstablishmentFullPageSchema,
  EstablishmentSchema,
} from '@referrals/domain/establishments/establishment-schemas';
import type { ReceiverType } from '@referrals/domain/referrals/referral-receivers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * GET establishments/ for the receiver step: approved ones of the chosen type that take in-app referrals,
 * matching the search, with their doctors (the assignees) and departments.
 */
export function useReceiverSearch(type: ReceiverType, keyword: string) {
  return useQuery({
    queryKey: ['establishments', 'receivers', type, keyword],
    queryFn: ({ signal }) =>
      apiClient('/api/establishments/', {
        query: {
          type,
          keyword: keyword === '' ? undefined : keyword,
          approved: 'true',
          include_doctors: 'true',
        },
        schema: EstablishmentFullPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET establishments/{id}/?include_doctors=true: a department's verified doctors, the assignees once the
 * sender narrows a hospital to one of its departments (the hospital's list carries the hospital's own).
 */
export function useDepartmentDoctors(departmentId: string | null) {
  return useQuery({
    queryKey: ['establishments', departmentId, 'doctors'],
    queryFn: ({ signal }) =>
      apiClient(`/api/establishments/${encodeURIComponent(departmentId ?? '')}/`, {
        query: { include_doctors: 'true' },
        schema: EstablishmentSchema,
        signal,
      }),
    enabled: departmentId !== null,
  });
}

/**
 * GET establishments/by-slug/{slug}/?include_doctors=true: the establishment a send/:establishment_slug
 * link names (friendly forwarding, section 2); a 404 means the link names none the sender can see.
 */
export function useLinkedReceiver(slug: string | undefined) {
  return useQuery({
    queryKey: ['establishments', 'by-slug', slug],
    queryFn: ({ signal }) =>
      apiClient(`/api/establishments/by-slug/${encodeURIComponent(slug ?? '')}/`, {
        query: { include_doctors: 'true' },
        schema: EstablishmentSchema,
        signal,
      }),
    enabled: slug !== undefined,
    retry: false,
  });
}
