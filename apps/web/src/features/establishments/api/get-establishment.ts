import {
  EstablishmentSchema,
  type Establishment,
} from '@referrals/domain/establishments/establishment-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET establishments/{id}/: one establishment with can_edit and can_delete for the caller (404 when hidden). */
export function getEstablishment(id: string, signal?: AbortSignal): Promise<Establishment> {
  return apiClient(`/api/establishments/${encodeURIComponent(id)}/`, { schema: EstablishmentSchema, signal });
}

export function establishmentQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['establishments', 'detail', id],
    queryFn: ({ signal }) => getEstablishment(id, signal),
  });
}

export function useEstablishment(id: string) {
  return useQuery(establishmentQueryOptions(id));
}
