import type { FastifyInstance } from 'fastify';
import type { MailMessage } from '../mail/outbox.ts';
import { publicAddress, setMailPublicUrl } from '../mail/public-address.ts';
import { renderMail } from '../mail/render-mail.ts';

/** Lets notification mail link to this deployment (PUBLIC_URL); called once from buildApp. */
export function registerNotificationMail(app: FastifyInstance): void {
  setMailPublicUrl(app.config.publicUrl);
}

/** The referral's page in the app, as notification mail links to it. */
export const referralPagePath = (referralId: string) => `/referrals/${referralId}`;

/** A clinical report's page in the app. */
export const reportPagePath = (referralId: string, reportId: string) =>
  `/referrals/${referralId}/report/${reportId}`;

/**
 * A notification as mail. Mail leaves the system, so it carries no patient data (outbox.ts): the title, a
 * sentence without the patient, and a link to the referral or report, which the reader opens after signing
 * in.
 */
export function notificationEmail(options: {
  to: string;
  first_name: string;
  title: string;
  sentence: string;
  /** The page's path in the app (referralPagePath, reportPagePath). */
  link: string;
  scope: string;
}): MailMessage {
  const what = options.scope === 'report' ? 'clinical report' : 'referral';
  const { text, html } = renderMail({
    greeting: `Hello ${options.first_name},`,
    paragraphs: [`${options.sentence}.`, `Sign in to Referrals to see the ${what}.`],
    action: { label: `Open the ${what}`, url: publicAddress(options.link) },
  });
  return { to: options.to, subject: options.title, text, html };
}
