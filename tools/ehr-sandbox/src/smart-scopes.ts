/**
 * The scopes a SMART app asks for besides resource scopes (SMART App Launch 2.0, Scopes and Launch
 * Context); the authorization server knows each by name.
 */
export const CONTEXT_SCOPES = [
  'openid',
  'fhirUser',
  'profile',
  'email',
  'launch',
  'launch/patient',
  'offline_access',
] as const;

// SMART v2 `patient/Condition.rs` and their v1 forms `patient/*.read`; a resource type is any word so a
// request for a type this record has no data of is granted and answers empty, as a real one would.
const RESOURCE_SCOPE = /^(patient|user)\/(\*|[A-Za-z]+)\.((?!$)c?r?u?d?s?|read|write|\*)$/;

/** The scopes of `scope` (a space-separated list) that this sandbox grants. */
export function grantableScopes(scope: string | undefined): string[] {
  const known = new Set<string>(CONTEXT_SCOPES);
  return (scope ?? '').split(' ').filter((name) => known.has(name) || RESOURCE_SCOPE.test(name));
}

export function hasScope(scope: string | undefined, name: string): boolean {
  return (scope ?? '').split(' ').includes(name);
}
