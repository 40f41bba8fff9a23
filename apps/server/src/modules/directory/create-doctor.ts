import { eq } from 'drizzle-orm';
import type { DoctorEntry, DoctorWrite } from '@referrals/domain/directory/doctor-schemas';
import { personName } from '@referrals/domain/people/person-name';
import type { Database } from '../../db/database.ts';
import { directoryDoctors } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/people.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { queueMail } from '../mail/mail-delivery.ts';
import type { Caller } from '../tenancy/caller.ts';
import { doctorInvitationEmail } from './doctor-invitation-email.ts';
import { doctorEntry, writableColumns } from './directory-doctors.ts';

/**
 * Adds an entry to the shared directory (establishmentId null) or an establishment's own, audited. With
 * `invite` and an email, the doctor is emailed an invitation in the same transaction; an email that
 * belongs to a platform user links the entry to them.
 */
export function createDoctor(
  db: Database,
  options: {
    caller: Caller;
    actor: AuditActor;
    establishmentId: string | null;
    input: DoctorWrite;
    invite?: { publicUrl: string };
  },
): Promise<DoctorEntry> {
  const email = options.input.email?.toLowerCase() ?? null;
  return db.transaction(async (tx) => {
    const [account] =
      options.establishmentId === null && email
        ? await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
        : [];
    const [row] = await tx
      .insert(directoryDoctors)
      .values({
        ...writableColumns(options.input),
        establishment_id: options.establishmentId,
        created_by_id: options.caller.userId,
        user_id: account?.id ?? null,
      })
      .returning();
    if (!row) throw new Error('directory insert returned no row');
    await recordAudit(tx, options.actor, {
      action: 'doctor.create',
      resourceType: 'directory_doctor',
      resourceId: row.id,
      detail: { establishment_id: row.establishment_id, role: row.role },
    });
    if (options.invite && email) {
      const [inviter] = await tx
        .select({ title: users.title, first_name: users.first_name, last_name: users.last_name })
        .from(users)
        .where(eq(users.id, options.caller.userId));
      await queueMail(
        tx,
        doctorInvitationEmail(options.invite.publicUrl, {
          to: email,
          first_name: options.input.first_name,
          inviter: inviter ? personName(inviter) : 'A colleague',
          hasAccount: account !== undefined,
        }),
      );
    }
    return doctorEntry(row, true);
  });
}
