import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { ExternalReferralDraftWrite } from '@referrals/domain/portals/external-referral-schemas';
import type { Queryable } from '../../../db/database.ts';
import { externalDraftFiles } from '../../../db/schema/portals.ts';
import { formDataToSave } from '../../referrals/forms/form-data-to-save.ts';
import { activeFormTemplates } from '../../referrals/forms/form-template-queries.ts';

type DraftForms = NonNullable<ExternalReferralDraftWrite['forms']>;

/**
 * The forms a draft save sends, each kept as a referral's forms are (form-data-to-save.ts) against the
 * portal establishment's active templates, a refusal's errors under `forms.{template}`; with the file
 * fields that were cleared.
 */
export async function draftFormsToSave(
  q: Queryable,
  establishmentId: string,
  forms: DraftForms | undefined,
): Promise<{ forms: DraftForms | undefined; clearedFileFields: string[] }> {
  if (!forms || Object.keys(forms).length === 0) return { forms, clearedFileFields: [] };
  const templates = await activeFormTemplates(q, establishmentId);
  const saved: DraftForms = {};
  const cleared: string[] = [];
  for (const [form, fields] of Object.entries(forms)) {
    const kept = formDataToSave(templates, { form, fields }, (errors) => ({ forms: { [form]: errors } }));
    saved[form] = kept.data;
    cleared.push(...kept.clearedFileFields);
  }
  return { forms: saved, clearedFileFields: cleared };
}

/**
 * Deletes the draft's files in form fields a save cleared (section 4 Hidden form data), answering their
 * stored names for the caller to remove once the save has committed.
 */
export async function removeClearedDraftFiles(
  q: Queryable,
  draftId: string,
  fields: string[],
): Promise<string[]> {
  if (fields.length === 0) return [];
  const rows = await q
    .delete(externalDraftFiles)
    .where(
      and(
        eq(externalDraftFiles.draft_id, draftId),
        isNotNull(externalDraftFiles.file),
        inArray(externalDraftFiles.field, fields),
      ),
    )
    .returning({ file: externalDraftFiles.file });
  return rows.map((row) => row.file).filter((file): file is string => file !== null);
}
