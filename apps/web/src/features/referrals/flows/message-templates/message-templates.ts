import {
  MessageTemplatePageSchema,
  MessageTemplateSchema,
  type MessageTemplateType,
  type MessageTemplateWrite,
} from '@referrals/domain/referrals/message-template-schemas';
import { MAX_PAGE_SIZE } from '@referrals/domain/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

const url = '/api/referrals/templates/messages/';
const templatesKey = (type: MessageTemplateType) => ['message-templates', type] as const;

/** GET referrals/templates/messages/?message_type: the establishment's templates of one type, by name. */
export function useMessageTemplates(type: MessageTemplateType) {
  return useQuery({
    queryKey: templatesKey(type),
    queryFn: ({ signal }) =>
      apiClient(url, {
        query: { message_type: type, page_size: MAX_PAGE_SIZE },
        schema: MessageTemplatePageSchema,
        signal,
      }),
  });
}

/** POST referrals/templates/messages/: keeps a message for the next time, for everyone at the establishment. */
export function useSaveMessageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageTemplateWrite) =>
      apiClient(url, { method: 'POST', body, schema: MessageTemplateSchema }),
    onSuccess: (_saved, body) => queryClient.invalidateQueries({ queryKey: templatesKey(body.message_type) }),
  });
}

/** PUT referrals/templates/messages/{id}/: renames or rewrites one of the establishment's templates. */
export function useUpdateMessageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MessageTemplateWrite }) =>
      apiClient(`${url}${id}/`, { method: 'PUT', body, schema: MessageTemplateSchema }),
    onSuccess: (_saved, { body }) =>
      queryClient.invalidateQueries({ queryKey: templatesKey(body.message_type) }),
  });
}

/** DELETE referrals/templates/messages/{id}/: the template goes for everyone at the establishment. */
export function useDeleteMessageTemplate(type: MessageTemplateType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient(`${url}${id}/`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey(type) }),
  });
}
