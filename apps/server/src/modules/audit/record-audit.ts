import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { insertBuiltOnce } from '../../db/prepared-shapes.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import type { Caller, SystemCaller } from '../tenancy/caller.ts';

export type AuditOutcome = 'success' | 'denied' | 'failure';

export type AuditEvent = {
  /** What happened, in the product's words: 'referral.accept', 'patient.read', 'auth.sign-in'. */
  action: string;
  resourceType: string;
  resourceId?: string | null;
  patientId?: string | null;
  outcome?: AuditOutcome;
  /** Extra facts that help an investigation; never clinical content or secrets. */
  detail?: Record<string, unknown>;
};

/** Who did it and from where; taken from the request so callers cannot forget a field. */
export type AuditActor = {
  actorId: string | null;
  establishmentId: string | null;
  ip: string | null;
  requestId: string | null;
  /** The backend service's client_id when a system acted for its establishment; actorId is then null. */
  clientId?: string | null;
};

/**
 * The actor of a request, with its address and id: a signed-in caller acting for their current
 * establishment, a person acting for a given establishment (an employment's), a person (or nobody yet, as
 * in a password reset) acting for none, or a backend service acting for its establishment (no person).
 */
export function auditActorOf(
  request: FastifyRequest,
  who:
    | Pick<Caller, 'userId' | 'current'>
    | { userId: string | null; establishmentId?: string | null }
    | SystemCaller,
): AuditActor {
  if ('kind' in who) {
    return {
      actorId: null,
      establishmentId: who.establishmentId,
      ip: request.ip,
      requestId: request.id,
      clientId: who.clientId,
    };
  }
  const establishmentId =
    'current' in who ? (who.current?.establishment.id ?? null) : (who.establishmentId ?? null);
  return { actorId: who.userId, establishmentId, ip: request.ip, requestId: request.id };
}

/**
 * Writes one audit row through `q`, which should be the caller's transaction: the row then exists exactly
 * when the change it describes does.
 */
export async function recordAudit(q: Queryable, actor: AuditActor, event: AuditEvent): Promise<void> {
  await insertBuiltOnce(q, auditLog, [
    {
      actor_id: actor.actorId,
      actor_client_id: actor.clientId ?? null,
      establishment_id: actor.establishmentId,
      ip: actor.ip,
      request_id: actor.requestId,
      action: event.action,
      resource_type: event.resourceType,
      resource_id: event.resourceId ?? null,
      patient_id: event.patientId ?? null,
      outcome: event.outcome ?? 'success',
      // Left out rather than bound as null, which the jsonb column would store as JSON's null.
      detail: event.detail,
    },
  ]);
}
