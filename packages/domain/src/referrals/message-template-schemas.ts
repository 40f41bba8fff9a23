import { z } from 'zod';
import { requiredText } from './referral-action-fields.ts';
import { CodedValueSchema, PageQuerySchema, pageOf } from '../api.ts';
import { defineCodeList } from '../codes.ts';

/**
 * Message templates (spec sections 3 "message templates (name, body, message_type, establishment)", 7
 * "GET, POST, PUT, DELETE at referrals/templates/messages/"): an establishment's reusable texts for the
 * messages its people write on a referral. The spec names no types; ours are the messages the flows carry.
 */
export const MESSAGE_TEMPLATE_TYPES = {
  referral: 'Referral message',
  triage: 'Triage message to the referrer',
  return: 'Return message',
  recall: 'Recall message',
  forward: 'Forward message',
  reschedule: 'Reschedule message',
} as const;
export const messageTemplateTypes = defineCodeList(MESSAGE_TEMPLATE_TYPES);
export type MessageTemplateType = z.infer<typeof messageTemplateTypes.schema>;

export const MESSAGE_TEMPLATE_NAME_MAX_LENGTH = 100;
export const MESSAGE_TEMPLATE_BODY_MAX_LENGTH = 5000;

export const MessageTemplateWriteSchema = z.object({
  name: requiredText(MESSAGE_TEMPLATE_NAME_MAX_LENGTH),
  body: requiredText(MESSAGE_TEMPLATE_BODY_MAX_LENGTH),
  message_type: messageTemplateTypes.schema,
});
export type MessageTemplateWrite = z.infer<typeof MessageTemplateWriteSchema>;

export const MessageTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  body: z.string(),
  message_type: CodedValueSchema,
  establishment: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MessageTemplate = z.infer<typeof MessageTemplateSchema>;

/** The establishment's templates by name, optionally of one type (a flow's picker asks for its own). */
export const MessageTemplateListQuerySchema = PageQuerySchema.extend({
  message_type: messageTemplateTypes.schema.optional(),
});
export type MessageTemplateListQuery = z.infer<typeof MessageTemplateListQuerySchema>;

export const MessageTemplatePageSchema = pageOf(MessageTemplateSchema);
