import type { FastifyRequest } from 'fastify';
import { auditActorFrom } from '../audit/record-audit.ts';
import type { Caller } from '../tenancy/caller.ts';

export const directoryAuditActor = (request: FastifyRequest, caller: Caller) =>
  auditActorFrom(request, {
    actorId: caller.userId,
    establishmentId: caller.current?.establishment.id ?? null,
  });
