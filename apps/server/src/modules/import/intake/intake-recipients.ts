import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database.ts';
import { establishments } from '../../../db/schema/establishments.ts';
import { domainOfAddress, slugOfIntakeAddress } from '@referrals/domain/imports/intake-address';

/** What RCPT TO decides for one recipient: the establishment it reaches, or why it is refused. */
export type IntakeRecipient =
  { establishmentId: string } | { refused: 'unknown-address' } | { refused: 'sender-not-allowed' };

/**
 * The establishment an intake address names, when it takes mail from the sender's domain
 * (`intake_sender_domains`; empty takes none). Slugs are compared in lower case, as mail addresses are.
 */
export async function findIntakeRecipient(
  q: Queryable,
  options: { recipient: string; sender: string; domain: string },
): Promise<IntakeRecipient> {
  const slug = slugOfIntakeAddress(options.recipient, options.domain);
  if (slug === null) return { refused: 'unknown-address' };
  const [found] = await q
    .select({ id: establishments.id, domains: establishments.intake_sender_domains })
    .from(establishments)
    .where(sql`lower(${establishments.slug}) = ${slug}`)
    .limit(1);
  if (!found) return { refused: 'unknown-address' };
  const senderDomain = domainOfAddress(options.sender);
  if (senderDomain === '' || !found.domains.includes(senderDomain)) return { refused: 'sender-not-allowed' };
  return { establishmentId: found.id };
}
