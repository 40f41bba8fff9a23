import type { FastifyRequest } from 'fastify';
import { auditActorFrom } from '../audit/record-audit.ts';
import type { Caller } from '../tenancy/caller.ts';
import type { AccessRule } from '../tenancy/route-access.ts';

/**
 * The directory and the Providers list are for providers: a patient or carer (no role) is refused (403).
 * Which entries a provider then sees is decided in directory-visibility.ts.
 */
export const providerOnly: AccessRule = {
  name: 'provider',
  allows: (caller: Caller) => caller.role !== null,
};

export const directoryAuditActor = (request: FastifyRequest, caller: Caller) =>
  auditActorFrom(request, {
    actorId: caller.userId,
    establishmentId: caller.current?.establishment.id ?? null,
  });
