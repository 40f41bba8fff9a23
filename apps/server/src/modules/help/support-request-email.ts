import { supportTopics, type SupportRequest } from '@referrals/domain/help/support-request-schemas';
import type { MailMessage } from '../mail/outbox.ts';
import { renderMail } from '../mail/render-mail.ts';

export type SupportRequester = {
  name: string;
  email: string;
  role: string | null;
  establishment: string | null;
};

/**
 * The mail a support request sends the support team: who asks (name, email, role, establishment), from
 * which screen (a path only), the topic and their words. The subject names the topic, not their own subject
 * line, so nothing typed by the person reaches a mail server's logs in a header.
 */
export function supportRequestEmail(
  to: string,
  request: SupportRequest,
  requester: SupportRequester,
  page: string | null,
): MailMessage {
  const topic = supportTopics.display(request.topic);
  return {
    to,
    subject: `Support request: ${topic}`,
    ...renderMail({
      greeting: 'Hello support team,',
      paragraphs: [
        `${requester.name} (${requester.email}${requester.role ? `, ${requester.role}` : ''}) asks for help.`,
        `Establishment: ${requester.establishment ?? 'none'}. Screen: ${page ?? 'not given'}. Topic: ${topic}.`,
        `Subject: ${request.subject}`,
        request.message,
      ],
      after: [`Reply to ${requester.email}.`],
    }),
  };
}
