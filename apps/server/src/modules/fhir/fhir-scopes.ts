import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import {
  smartScopesAllow,
  type SmartPermission,
  type SmartResourceType,
} from '@referrals/domain/fhir/smart-scopes';
import { ApiError } from '../../http/api-errors.ts';

const INTERACTION: Record<SmartPermission, string> = {
  c: 'create',
  r: 'read',
  u: 'update',
  d: 'delete',
  s: 'search',
};

/**
 * The preHandler that holds a call to its token's SMART scopes (docs/interop.md): a backend service to its
 * system scopes, a person whose token carries SMART scopes to their user scopes, each interaction needing
 * its letter on the resource type (read r, search s, create c; v1's read and write count as rs and cud). The
 * product's own token, without SMART scopes, keeps its person's whole reach. A missing scope is a 403 that
 * names the scope wanted: it says nothing about any record.
 */
export function needsScope(resourceTypes: readonly SmartResourceType[], permission: SmartPermission) {
  return function smartScope(
    request: FastifyRequest,
    _reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    const held = request.system
      ? { context: 'system' as const, scopes: request.system.scopes }
      : request.user?.smartScopes
        ? { context: 'user' as const, scopes: request.user.smartScopes }
        : null;
    const missing = held
      ? resourceTypes.filter((type) => !smartScopesAllow(held.scopes, held.context, type, permission))
      : [];
    if (!held || missing.length === 0) {
      done();
      return;
    }
    const wanted = missing.map((type) => `${held.context}/${type}.${permission}`).join(' and ');
    done(
      new ApiError(403, {
        detail: `The access token's scopes do not allow this ${INTERACTION[permission]}: it needs ${wanted}.`,
      }),
    );
  };
}
