import { and, eq, ne, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/database.ts';
import { patientMrns } from '../../db/schema/patients.ts';
import { validationFailed } from '../../http/api-errors.ts';

/** Adds an MRN for the patient at the caller's establishment; 400 when the number is taken there. */
export async function addMrn(
  tx: Transaction,
  options: { patientId: string; establishmentId: string; number: string; addedBy: string | null },
) {
  await checkMrnFree(tx, options.establishmentId, options.number, options.patientId);
  const [row] = await tx
    .insert(patientMrns)
    .values({
      patient_id: options.patientId,
      establishment_id: options.establishmentId,
      number: options.number,
      added_by_id: options.addedBy,
    })
    .returning();
  if (!row) throw new Error('MRN insert returned nothing');
  return row;
}

export const MRN_TAKEN_MESSAGE = 'This MRN belongs to another patient at this establishment.';
export const MRN_EXISTS_MESSAGE = 'This patient already has an MRN at this establishment. Edit it instead.';

/** An MRN identifies one patient at an establishment: another patient with the same number is a 400. */
export async function checkMrnFree(
  tx: Transaction,
  establishmentId: string,
  number: string,
  patientId: string,
): Promise<void> {
  const [taken] = await tx
    .select({ id: patientMrns.id })
    .from(patientMrns)
    .where(
      and(
        eq(patientMrns.establishment_id, establishmentId),
        sql`lower(${patientMrns.number}) = ${number.toLowerCase()}`,
        ne(patientMrns.patient_id, patientId),
      ),
    )
    .limit(1);
  if (taken) throw validationFailed({ number: [MRN_TAKEN_MESSAGE] });
}
