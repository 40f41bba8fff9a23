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
