import { z } from 'zod';

/**
 * A domain name as mail uses it: dot-separated labels of letters, digits and inner hyphens, ending in a
 * top-level domain (letters, or an internationalised xn-- one). Case is the caller's to fold.
 */
export const MAIL_DOMAIN_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

/** The most sending domains an establishment's intake takes mail from (docs/import-queue.md). */
export const INTAKE_SENDER_DOMAINS_MAX = 20;

export const SENDER_DOMAIN_MESSAGE = 'Enter a domain name such as harbourside.com.au, without a name or @.';
export const TOO_MANY_SENDER_DOMAINS_MESSAGE = `Enter at most ${String(INTAKE_SENDER_DOMAINS_MAX)} domains.`;

/** One sending domain, lower-cased: the intake compares the envelope sender's domain with it exactly. */
export const SenderDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(MAIL_DOMAIN_PATTERN, { message: SENDER_DOMAIN_MESSAGE });

/**
 * The sending domains whose mail an establishment's intake address takes into its import queue; empty
 * takes none. A domain given twice is kept once.
 */
export const IntakeSenderDomainsSchema = z
  .array(SenderDomainSchema)
  .max(INTAKE_SENDER_DOMAINS_MAX, { message: TOO_MANY_SENDER_DOMAINS_MESSAGE })
  .transform((domains) => [...new Set(domains)]);
