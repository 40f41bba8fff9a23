import {
  BackendClientPageSchema,
  BackendClientSchema,
  type BackendClientWrite,
} from '@referrals/domain/establishments/backend-client-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** An establishment's backend services (SMART Backend Services; docs/interop.md, System-to-system access). */
const clientsPath = (establishmentId: string) =>
  `/api/establishments/${encodeURIComponent(establishmentId)}/backend-clients/`;
const clientsKey = (establishmentId: string) => ['establishments', establishmentId, 'backend-clients'];

/** The first page (newest first, revoked ones too): an establishment registers a handful, not pages of them. */
export function useBackendClients(establishmentId: string) {
  return useQuery({
    queryKey: clientsKey(establishmentId),
    queryFn: ({ signal }) =>
      apiClient(clientsPath(establishmentId), {
        query: { page_size: 100 },
        schema: BackendClientPageSchema,
        signal,
      }),
  });
}

export function useRegisterBackendClient(establishmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BackendClientWrite) =>
      apiClient(clientsPath(establishmentId), { method: 'POST', body, schema: BackendClientSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: clientsKey(establishmentId) }),
  });
}

export function useRevokeBackendClient(establishmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) =>
      apiClient(`${clientsPath(establishmentId)}${encodeURIComponent(clientId)}/revoke/`, {
        method: 'POST',
        schema: BackendClientSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: clientsKey(establishmentId) }),
  });
}
