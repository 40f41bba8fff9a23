import {
  ACCESS_LINK_DAYS,
  ACCESS_TOKEN_PARAM,
  type AccessAudience,
} from '@referrals/domain/external-access/external-access-schemas';
import type { MailMessage } from '../mail/outbox.ts';
import { renderMail } from '../mail/render-mail.ts';
import { publicAddress } from '../mail/public-address.ts';

/** What a mail carrying a link says before it: its subject, greeting and first paragraphs. */
export type AccessLinkMailLead = { subject: string; greeting: string; paragraphs: string[] };

/** The page a link opens (spec section 2 /referrals/external), with the token it carries. */
export const accessLinkPath = (token: string) =>
  `/referrals/external?${ACCESS_TOKEN_PARAM}=${encodeURIComponent(token)}`;

/**
 * The mail that carries a link. Mail leaves the system, so it names the receiving establishment and no
 * more (outbox.ts): not the patient, not the reason, not the status. Whoever opens it still has to answer
 * the patient's details, so a message read by the wrong person opens nothing by itself.
 */
export function accessLinkEmail(options: {
  to: string;
  audience: AccessAudience;
  receiver: string;
  token: string;
  /** A mail that says something else first (a patient's "Your referral has been sent"), then the link. */
  lead?: AccessLinkMailLead | undefined;
}): MailMessage {
  const { receiver, lead } = options;
  const subject =
    lead?.subject ??
    (options.audience === 'shared'
      ? `A referral to ${receiver} was shared with you`
      : `Your referral to ${receiver}`);
  const opening =
    options.audience === 'shared'
      ? `Someone has shared a referral to ${receiver} with you, so you can follow it online without an account.`
      : `You can follow your referral to ${receiver} online without an account: where it is up to, the consent form, and what the clinic sends back.`;
  return {
    to: options.to,
    subject,
    ...renderMail({
      greeting: lead?.greeting ?? 'Hello,',
      paragraphs: [
        ...(lead?.paragraphs ?? []),
        opening,
        'To open it, you will be asked for the patient’s last name, date of birth and first name.',
      ],
      action: { label: 'Open the referral', url: publicAddress(accessLinkPath(options.token)) },
      after: [
        `The link works for ${String(ACCESS_LINK_DAYS)} days. After that, the page it opens can send a new one to this address.`,
        'If you did not expect this message, you can ignore it.',
      ],
    }),
  };
}
