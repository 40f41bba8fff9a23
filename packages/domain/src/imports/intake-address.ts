/**
 * An establishment's intake address, referrals+{slug}@{INBOUND_MAIL_DOMAIN} (docs/import-queue.md): one
 * mailbox for the whole product, told apart by the part after the plus, so nothing is configured per clinic
 * on the mail side.
 */
const LOCAL_PART = 'referrals';

/** The address mail to an establishment's import queue goes to (spec section 7 Import). */
export function intakeAddress(slug: string, domain: string): string {
  return `${LOCAL_PART}+${slug}@${domain}`;
}

/**
 * The slug an address names, when it is an intake address of `domain`; null for any other address. Mail
 * addresses are compared without regard to case (senders' software changes it), so the slug comes back in
 * lower case, to be compared with the stored slug in lower case.
 */
export function slugOfIntakeAddress(address: string, domain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const local = address.slice(0, at).toLowerCase();
  const prefix = `${LOCAL_PART}+`;
  if (!local.startsWith(prefix) || local.length === prefix.length) return null;
  return local.slice(prefix.length);
}

/** The domain of a mail address, lower case; '' for the null sender of a bounce (`MAIL FROM:<>`). */
export function domainOfAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : address.slice(at + 1).toLowerCase();
}
