import { PublicFormTemplatesSchema } from '@referrals/domain/portals/portal-schemas';
import type { FormTemplate } from '@referrals/domain/referrals/forms/form-template-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET public/establishments/{id}/form-templates/: the receiver's active templates, as the wizard gets them. */
export function getPublicFormTemplates(
  establishmentId: string,
  signal?: AbortSignal,
): Promise<FormTemplate[]> {
  return apiClient(`/api/public/establishments/${encodeURIComponent(establishmentId)}/form-templates/`, {
    schema: PublicFormTemplatesSchema,
    signal,
  });
}

export function publicFormTemplatesQueryOptions(establishmentId: string) {
  return queryOptions({
    queryKey: ['public', 'portals', 'form-templates', establishmentId],
    queryFn: ({ signal }) => getPublicFormTemplates(establishmentId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePublicFormTemplates(establishmentId: string) {
  return useQuery(publicFormTemplatesQueryOptions(establishmentId));
}
