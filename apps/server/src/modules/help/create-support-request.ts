import { eq } from 'drizzle-orm';
import { supportPagePath, type SupportRequest } from '@referrals/domain/help/support-request-schemas';
import { personName } from '@referrals/domain/people/person-name';
import { roles } from '@referrals/domain/people/people-codes';
import type { Database } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { users } from '../../db/schema/people.ts';
import { throttled } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { queueMail } from '../mail/mail-delivery.ts';
import { hitBucket } from '../rate-limits/rate-limit-buckets.ts';
import type { Caller } from '../tenancy/caller.ts';
import { supportRequestEmail } from './support-request-email.ts';

/** Five requests an hour a person: enough for a bad day, too few to flood the support team's inbox. */
const SUPPORT_REQUEST_RULE = { capacity: 5, drainMinutes: 60 };

/**
 * POST support-requests/ (Help Desk, docs/help-desk.md): mails the support team through the job runner, with
 * who asks, their current establishment and the screen they came from, and writes the audit row, in one
 * transaction. A sixth request within the hour is a 429 and sends nothing.
 */
export async function createSupportRequest(
  db: Database,
  options: { caller: Caller; actor: AuditActor; body: SupportRequest; supportEmail: string },
): Promise<void> {
  const { caller, body } = options;
  await db.transaction(async (tx) => {
    const hit = await hitBucket(tx, `support-request:${caller.userId}`, SUPPORT_REQUEST_RULE);
    if (!hit.allowed) throw throttled();
    const [user] = await tx.select().from(users).where(eq(users.id, caller.userId));
    if (!user) throw new Error('the signed-in user is missing');
    const establishmentId = caller.current?.establishment.id ?? null;
    const [establishment] =
      establishmentId === null
        ? []
        : await tx
            .select({ name: establishments.name })
            .from(establishments)
            .where(eq(establishments.id, establishmentId));
    const role = caller.role === null ? null : roles.display(caller.role);
    const page = supportPagePath(body.page);
    await queueMail(
      tx,
      supportRequestEmail(
        options.supportEmail,
        body,
        {
          name: personName(user),
          email: user.email,
          role,
          establishment: establishment?.name ?? null,
        },
        page,
      ),
    );
    await recordAudit(tx, options.actor, {
      action: 'support.request',
      resourceType: 'support_request',
      detail: { topic: body.topic, page },
    });
  });
}
