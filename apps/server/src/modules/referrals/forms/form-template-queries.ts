import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  FormSectionSchema,
  type FormTemplate,
} from '@referrals/domain/referrals/forms/form-template-schemas';
import type { Queryable } from '../../../db/database.ts';
import { formTemplates } from '../../../db/schema/referrals.ts';

/**
 * An establishment's active form templates in position order (section 7 form-templates): those a referral
 * to it fills in, whether sent in the app or through its public portal. A stored template whose sections do
 * not parse is left out rather than shown half-broken. No establishment (a referral without a receiver
 * yet) has none.
 */
export async function activeFormTemplates(
  q: Queryable,
  establishmentId: string | null,
): Promise<FormTemplate[]> {
  if (!establishmentId) return [];
  const rows = await q
    .select()
    .from(formTemplates)
    .where(and(eq(formTemplates.establishment_id, establishmentId), eq(formTemplates.is_active, true)))
    .orderBy(asc(formTemplates.position), asc(formTemplates.name));
  const templates: FormTemplate[] = [];
  for (const row of rows) {
    const sections = z.array(FormSectionSchema).safeParse(row.sections);
    if (!sections.success) continue;
    templates.push({
      id: row.id,
      name: row.name,
      title: row.title,
      tmsv: row.tmsv === '1.0' ? '1.0' : '1.1',
      position: row.position,
      sections: sections.data,
    });
  }
  return templates;
}
