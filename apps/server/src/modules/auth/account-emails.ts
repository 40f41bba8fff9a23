import type { MailMessage } from '../mail/outbox.ts';
import { renderMail } from '../mail/render-mail.ts';

// The emails about a person's own account. They name the person and carry a link; nothing else, and never
// anything about a patient.

type Person = { email: string; first_name: string };

export function passwordResetEmail(publicUrl: string, person: Person, token: string): MailMessage {
  const url = `${publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to: person.email,
    subject: 'Reset your Referrals password',
    ...renderMail({
      greeting: `Hello ${person.first_name},`,
      paragraphs: ['We received a request to reset the password of your Referrals account.'],
      action: { label: 'Choose a new password', url },
      after: [
        'The link works once, within one hour.',
        'If you did not ask for this, you can ignore this email: your password stays as it is.',
      ],
    }),
  };
}

export function unlockEmail(publicUrl: string, person: Person, token: string): MailMessage {
  const url = `${publicUrl}/auth/unlock?token=${encodeURIComponent(token)}`;
  return {
    to: person.email,
    subject: 'Your Referrals account is locked',
    ...renderMail({
      greeting: `Hello ${person.first_name},`,
      paragraphs: [
        'There were too many wrong attempts to sign in to your Referrals account, so we have stopped taking sign-ins for it for 15 minutes.',
        'If that was you, unlock your account now and sign in again.',
      ],
      action: { label: 'Unlock my account', url },
      after: [
        'The link works once, within 24 hours. You can also reset your password, which unlocks the account too.',
        'If it was not you, someone may be guessing your password: reset it to a new one.',
      ],
    }),
  };
}

export function verificationEmail(publicUrl: string, person: Person, token: string): MailMessage {
  const url = `${publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
  return {
    to: person.email,
    subject: 'Verify your email address for Referrals',
    ...renderMail({
      greeting: `Hello ${person.first_name},`,
      paragraphs: [
        'Please confirm that this is your email address to finish creating your Referrals account.',
      ],
      action: { label: 'Verify my email address', url },
      after: [
        'The link works within 24 hours.',
        'If you did not create an account, you can ignore this email.',
      ],
    }),
  };
}

export function accountLinkEmail(person: Person, toAddress: string, code: string): MailMessage {
  return {
    to: toAddress,
    subject: 'Your Referrals account-linking code',
    ...renderMail({
      greeting: 'Hello,',
      paragraphs: [
        `${person.first_name} asked to link this email address to their Referrals account as a secondary account.`,
        `The code is ${code}. Enter it in Referrals to confirm. It works for 10 minutes.`,
      ],
      after: ['If you did not ask for this, you can ignore this email; nothing is linked without the code.'],
    }),
  };
}

export function signUpAttemptEmail(publicUrl: string, person: Person): MailMessage {
  return {
    to: person.email,
    subject: 'Someone tried to create a Referrals account with your email address',
    ...renderMail({
      greeting: `Hello ${person.first_name},`,
      paragraphs: [
        'Someone tried to create a new Referrals account with your email address. You already have an account, so no new one was made.',
      ],
      action: { label: 'Sign in', url: `${publicUrl}/login` },
      after: [
        `If it was you and you have forgotten your password, reset it here: ${publicUrl}/auth/forgot-password`,
        'If it was not you, you can ignore this email: your account has not changed.',
      ],
    }),
  };
}
