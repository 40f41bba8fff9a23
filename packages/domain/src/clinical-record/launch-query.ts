/**
 * What a clinical record system's visit to / is (spec section 2 Start-up redirects): a launch has `iss`
 * (and `launch`, from the record); the return from its sign-in has `state` with `code` or `error`, and may
 * have `iss` too, the authorization server's (RFC 9207), so the return is recognised first.
 */
export function launchQueryKind(query: { has(name: string): boolean }): 'launch' | 'return' | null {
  if (query.has('state') && (query.has('code') || query.has('error'))) return 'return';
  return query.has('iss') ? 'launch' : null;
}
