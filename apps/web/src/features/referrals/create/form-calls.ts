import {
  FormTemplateListSchema,
  ReferralFormsSchema,
  type FormData,
} from '@referrals/domain/referrals/forms/form-template-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '../api/get-referral';

const base = (id: string) => `/api/referrals/${encodeURIComponent(id)}/`;

/** GET referrals/{id}/form-templates/: the receiver's templates; they change with the receiver. */
export function formTemplatesQueryOptions(id: string, receiverId: string | null) {
  return queryOptions({
    queryKey: [...referralsKey, 'detail', id, 'form-templates', receiverId],
    queryFn: ({ signal }) =>
      apiClient(`${base(id)}form-templates/`, { schema: FormTemplateListSchema, signal }),
  });
}

export function useFormTemplates(id: string, receiverId: string | null) {
  return useQuery(formTemplatesQueryOptions(id, receiverId));
}

/** GET referrals/{id}/forms/: what was saved, so a reopened draft shows it. */
export function useSavedForms(id: string) {
  return useQuery({
    queryKey: [...referralsKey, 'detail', id, 'forms'],
    queryFn: ({ signal }) => apiClient(`${base(id)}forms/`, { schema: ReferralFormsSchema, signal }),
  });
}

/** PUT referrals/{id}/forms/: one template's data; the server clears hidden fields and fills BMI and IAR. */
export function saveForm(id: string, form: string, fields: FormData) {
  return apiClient(`${base(id)}forms/`, {
    method: 'PUT',
    body: { form, fields },
    schema: ReferralFormsSchema,
  });
}
