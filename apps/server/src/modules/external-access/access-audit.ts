import type { Queryable } from '../../db/database.ts';
import { recordAudit, type AuditOutcome } from '../audit/record-audit.ts';
import type { OpenLink } from './access-link-lookup.ts';

/**
 * The audit row of something done through a link, in the same transaction: nobody in the product acted,
 * at the receiving establishment, about the referral's patient; the detail says through which link and as
 * which audience, so an investigation can tell the sender's reads from the patient's.
 */
export async function auditThroughLink(
  q: Queryable,
  open: OpenLink,
  event: {
    action: string;
    resourceType?: string;
    resourceId?: string;
    outcome?: AuditOutcome;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await recordAudit(q, open.actor, {
    action: event.action,
    resourceType: event.resourceType ?? 'referral',
    resourceId: event.resourceId ?? open.referral.id,
    patientId: open.referral.patient_id,
    outcome: event.outcome,
    detail: { audience: open.audience, link_id: open.link.id, ...event.detail },
  });
}
