import type { MailMessage } from '../mail/outbox.ts';
import { renderMail } from '../mail/render-mail.ts';

/**
 * The invitation to a doctor added to the directory: who added them, and where to create an account. Never
 * anything about a patient.
 */
export function doctorInvitationEmail(
  publicUrl: string,
  invitation: { to: string; first_name: string; inviter: string; hasAccount: boolean },
): MailMessage {
  return {
    to: invitation.to,
    subject: `${invitation.inviter} invited you to Referrals`,
    ...renderMail({
      greeting: `Hello ${invitation.first_name},`,
      paragraphs: [
        `${invitation.inviter} added you to the doctor directory on Referrals and invites you to join, so you can send and receive referrals in the app.`,
        invitation.hasAccount
          ? 'You already have a Referrals account with this email address: sign in to see your referrals.'
          : `Create your account with this email address (${invitation.to}), then verify the address.`,
      ],
      action: invitation.hasAccount
        ? { label: 'Sign in to Referrals', url: publicUrl }
        : { label: 'Create your account', url: `${publicUrl}/auth/signup` },
      after: ['If you were not expecting this invitation, you can ignore this email.'],
    }),
  };
}
