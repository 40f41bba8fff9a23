import { eq, sql } from 'drizzle-orm';
import type { ReferralFormWrite } from '@referrals/domain/referrals/forms/form-template-schemas';
import type { Database } from '../../../db/database.ts';
import { referralAttachments, referrals } from '../../../db/schema/referrals.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { removeStoredFile } from '../../files/file-store.ts';
import { checkReferralAction } from '../actions/apply-referral-action.ts';
import { inVisibleReferral, type ReferralCall } from '../referral-call.ts';
import { recordReferralHistory } from '../referral-history.ts';
import { attachmentsInFields } from '../attachments/attachment-rules.ts';
import { formDataToSave } from './form-data-to-save.ts';
import { activeFormTemplates } from './form-template-queries.ts';
import type { FileStorage } from '../../files/storage.ts';

/**
 * PUT referrals/{id}/forms/ (section 7): the sender saves one template's data on a draft (403 for
 * another side, 409 once submitted, as for a draft edit). The data is checked against the template,
 * autofill fields are computed, hidden fields and switched-off sections are cleared to null and the
 * files of cleared file fields deleted (section 4 Hidden form data); saved under referrals.forms[form].
 */
export async function saveReferralForm(
  db: Database,
  options: ReferralCall & { storage: FileStorage; body: ReferralFormWrite },
): Promise<{ forms: Record<string, Record<string, unknown>> }> {
  const { form, fields } = options.body;
  const { forms, removed } = await inVisibleReferral(
    db,
    { ...options, lock: true },
    async (tx, referral, side) => {
      checkReferralAction('update', referral, side);
      const templates = await activeFormTemplates(tx, referral.to_establishment_id);
      const { data, clearedFileFields } = formDataToSave(templates, { form, fields });
      const gone = await attachmentsInFields(tx, referral.id, clearedFileFields);
      for (const row of gone) await tx.delete(referralAttachments).where(eq(referralAttachments.id, row.id));
      const next = { ...referral.forms, [form]: data };
      await tx
        .update(referrals)
        .set({ forms: next, version: sql`${referrals.version} + 1`, updated_at: new Date() })
        .where(eq(referrals.id, referral.id));
      // The form's name and field names only: values are patient data.
      const detail = { form, cleared_attachments: gone.map((row) => row.id) };
      await recordReferralHistory(tx, {
        referralId: referral.id,
        caller: options.caller,
        action: 'forms.update',
        from: referral.status,
        to: referral.status,
        detail,
      });
      await recordAudit(tx, options.actor, {
        action: 'referral.forms.update',
        resourceType: 'referral',
        resourceId: referral.id,
        patientId: referral.patient_id,
        detail,
      });
      return { forms: next, removed: gone.map((row) => row.stored_name) };
    },
  );
  // Files go once the rows are gone for good.
  for (const name of removed) await removeStoredFile(options.storage, name);
  return { forms };
}
