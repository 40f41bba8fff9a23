import {
  FormTemplateListSchema,
  ReferralFormsSchema,
} from '@referrals/domain/referrals/forms/form-template-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '../api/get-referral';

/** GET referrals/{id}/form-templates/: the receiver's templates, which give the answers their titles. */
function getFormTemplates(id: string, signal?: AbortSignal) {
  return apiClient(`/api/referrals/${encodeURIComponent(id)}/form-templates/`, {
    schema: FormTemplateListSchema,
    signal,
  });
}

/** GET referrals/{id}/forms/: the sender's answers, per template name. */
function getReferralForms(id: string, signal?: AbortSignal) {
  return apiClient(`/api/referrals/${encodeURIComponent(id)}/forms/`, {
    schema: ReferralFormsSchema,
    signal,
  });
}

export function useReferralFormTemplates(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...referralsKey, 'form-templates', id],
      queryFn: ({ signal }) => getFormTemplates(id, signal),
    }),
  );
}

export function useReferralForms(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...referralsKey, 'forms', id],
      queryFn: ({ signal }) => getReferralForms(id, signal),
    }),
  );
}
