import { z } from 'zod';

/**
 * SMART on FHIR scopes of the FHIR API (SMART App Launch 2.0, Scopes and Launch Context; docs/interop.md):
 * `{context}/{resource type}.{permissions}`. The context is `system` for a backend service (SMART Backend
 * Services) and `user` for a person; SMART v2 permissions are c(reate), r(ead), u(pdate), d(elete) and
 * s(earch), each at most once and in that order, and v1's `read`, `write` and `*` stand for rs, cud and
 * cruds. The server checks them and the settings screen validates them with the same functions.
 */

/** The resource types /fhir serves, which a scope may name (or `*` for all of them). */
export const SMART_RESOURCE_TYPES = [
  'Patient',
  'ServiceRequest',
  'Task',
  'DocumentReference',
  'Practitioner',
  'PractitionerRole',
  'Organization',
] as const;
export type SmartResourceType = (typeof SMART_RESOURCE_TYPES)[number];
export type SmartContext = 'system' | 'user' | 'patient';
export type SmartPermission = 'c' | 'r' | 'u' | 'd' | 's';
export type SmartScope = {
  context: SmartContext;
  resourceType: SmartResourceType | '*';
  permissions: readonly SmartPermission[];
};

const PERMISSION_ORDER = 'cruds';
const V1_PERMISSIONS: Readonly<Record<string, string>> = { read: 'rs', write: 'cud', '*': 'cruds' };
const SCOPE_PATTERN = /^(system|user|patient)\/(\*|[A-Za-z]+)\.(read|write|\*|[cruds]+)$/;

/**
 * Whether a scope asks for FHIR data at all, understood here or not (`patient/Observation.rs`, a v2 scope
 * with a query). A person's token that carries one is limited to what its scopes allow: otherwise a token a
 * client asked to be narrow would read as the product's own, which may do everything its person may.
 */
export function isSmartResourceScope(scope: string): boolean {
  return /^(system|user|patient)\//.test(scope);
}

/** c, r, u, d, s each at most once and in that order (SMART v2); never empty. */
function inPermissionOrder(letters: string): boolean {
  let last = -1;
  for (const letter of letters) {
    const at = PERMISSION_ORDER.indexOf(letter);
    if (at <= last) return false;
    last = at;
  }
  return letters.length > 0;
}

/**
 * A scope this server understands, or null: another resource type, a v2 scope with a query
 * (`?category=...`), letters out of order or repeated. A scope it does not understand grants nothing.
 */
export function parseSmartScope(scope: string): SmartScope | null {
  const match = SCOPE_PATTERN.exec(scope);
  if (!match) return null;
  const [, context = '', type = '', written = ''] = match;
  if (type !== '*' && !(SMART_RESOURCE_TYPES as readonly string[]).includes(type)) return null;
  const letters = V1_PERMISSIONS[written] ?? written;
  if (!inPermissionOrder(letters)) return null;
  return {
    context: context as SmartContext,
    resourceType: type as SmartResourceType | '*',
    permissions: [...letters] as SmartPermission[],
  };
}

/** Whether scopes of `context` let their holder do `permission` on `resourceType` (SMART's scope rules). */
export function smartScopesAllow(
  scopes: readonly string[],
  context: SmartContext,
  resourceType: SmartResourceType,
  permission: SmartPermission,
): boolean {
  return scopes.some((scope) => {
    const parsed = parseSmartScope(scope);
    return (
      parsed !== null &&
      parsed.context === context &&
      (parsed.resourceType === '*' || parsed.resourceType === resourceType) &&
      parsed.permissions.includes(permission)
    );
  });
}

/** Every scope of `context` this server understands: each type and `*`, each v2 permission set, each v1 name. */
export function allSmartScopes(context: SmartContext): string[] {
  const permissionSets: string[] = [];
  for (let mask = 1; mask < 2 ** PERMISSION_ORDER.length; mask += 1) {
    permissionSets.push([...PERMISSION_ORDER].filter((_letter, bit) => (mask >> bit) & 1).join(''));
  }
  return ['*', ...SMART_RESOURCE_TYPES].flatMap((type) =>
    [...permissionSets, ...Object.keys(V1_PERMISSIONS)].map(
      (permissions) => `${context}/${type}.${permissions}`,
    ),
  );
}

/**
 * The scopes of `context` that ask for no more than `granted` allows, in either syntax: what a holder of
 * `granted` may be given when it asks (a backend service granted `system/ServiceRequest.rs` may ask for
 * `system/ServiceRequest.read` or `.r`, never `system/*.rs`).
 */
export function smartScopesWithin(granted: readonly string[], context: SmartContext): string[] {
  return allSmartScopes(context).filter((scope) => {
    const wanted = parseSmartScope(scope);
    if (!wanted) return false;
    const types: readonly SmartResourceType[] =
      wanted.resourceType === '*' ? SMART_RESOURCE_TYPES : [wanted.resourceType];
    return types.every((type) =>
      wanted.permissions.every((permission) => smartScopesAllow(granted, context, type, permission)),
    );
  });
}

export const SYSTEM_SCOPE_MESSAGE =
  'Give a system scope such as system/ServiceRequest.rs (SMART v2) or system/ServiceRequest.read (v1), for ' +
  `${SMART_RESOURCE_TYPES.join(', ')} or *.`;

/** A scope granted to a backend service: a system scope this server understands. */
export const SystemScopeSchema = z
  .string()
  .refine((scope) => parseSmartScope(scope)?.context === 'system', { message: SYSTEM_SCOPE_MESSAGE });
