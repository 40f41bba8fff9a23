import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database, Transaction } from '../../db/database.ts';
import type { patients } from '../../db/schema/patients.ts';
import { notFound } from '../../http/api-errors.ts';
import { auditActorOf, type AuditActor } from '../audit/record-audit.ts';
import { isUuid } from '../../http/ids.ts';
import { callerOf, readerOf, type Caller, type Reader } from '../tenancy/caller.ts';
import { findVisiblePatient } from './patient-queries.ts';
import { patientEstablishmentOf } from './patient-visibility.ts';

type PatientRow = typeof patients.$inferSelect;

export const PatientIdParamsSchema = z.object({ id: z.string() });

/**
 * Who asks about one patient: the caller, the establishment whose patients they see and their audit actor,
 * passed to the patient's read and write functions.
 */
export type PatientCall = { caller: Caller; establishmentId: string; actor: AuditActor; patientId: string };

/** A read of one patient, by a person or by a backend service for its establishment (the FHIR API). */
export type PatientReadCall = Omit<PatientCall, 'caller'> & { caller: Reader };

/** The caller and audit actor of a call about one patient; no current establishment or a bad id is a 404. */
export async function patientCall(request: FastifyRequest, patientId: string): Promise<PatientCall> {
  const caller = await callerOf(request);
  const establishmentId = patientEstablishmentOf(caller);
  if (establishmentId === null || !isUuid(patientId)) throw notFound();
  return { caller, establishmentId, actor: auditActorOf(request, caller), patientId };
}

/** The reader and audit actor of a FHIR read of one patient; as `patientCall`, for a backend service too. */
export async function patientReadCall(request: FastifyRequest, patientId: string): Promise<PatientReadCall> {
  const reader = await readerOf(request);
  const establishmentId = patientEstablishmentOf(reader);
  if (establishmentId === null || !isUuid(patientId)) throw notFound();
  return { caller: reader, establishmentId, actor: auditActorOf(request, reader), patientId };
}

/**
 * Runs `work` in one transaction on a patient the caller may see (locked when it changes it), so every
 * call about a patient, its carers and MRNs, goes through the patient's visibility: another
 * establishment's patient is a 404 like a missing one.
 */
export function inVisiblePatient<T>(
  db: Database,
  call: PatientReadCall & { lock?: boolean },
  work: (tx: Transaction, patient: PatientRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const patient = await findVisiblePatient(tx, call.caller, call.patientId, { lock: call.lock });
    if (!patient) throw notFound();
    return work(tx, patient);
  });
}
