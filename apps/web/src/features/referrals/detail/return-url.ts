/**
 * The `returnURL` query as a link target, or null when it is not a same-origin relative path. Anything
 * else (`https://…`, `//host`, `javascript:`) would turn the back link into an open redirect.
 */
export function safeReturnUrl(value: string | null): string | null {
  if (value === null || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // Resolving against a dummy origin catches what the prefix checks miss (control characters, '/\t/host').
  const base = 'https://referrals.invalid';
  const resolved = new URL(value, base);
  return resolved.origin === base ? `${resolved.pathname}${resolved.search}${resolved.hash}` : null;
}
