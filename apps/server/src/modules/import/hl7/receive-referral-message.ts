import type { Hl7Message } from '@medplum/core';
import { eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/database.ts';
import { establishments } from '../../../db/schema/establishments.ts';
import { isUuid } from '../../../http/ids.ts';
import type { AuditActor } from '../../audit/record-audit.ts';
import { keptBodyText, removeFiles, storeFiles } from '../intake/accept-message.ts';
import { createImportItem } from '../intake/create-import-item.ts';
import { rejected, type Hl7Refusal } from './hl7-refusals.ts';
import { readReferralMessage, type ReceivedReferral } from './read-referral-message.ts';
import type { FileStorage } from '../../files/storage.ts';

/** What became of a received REF^I12: taken (AA, also for the same message again), or refused. */
export type Hl7Receipt = { ack: 'AA'; itemId: string; created: boolean } | Hl7Refusal;

/**
 * The establishment MSH-6 names: by its id as the universal id (MSH-6.2, as our own messages send it), or
 * else by its slug as the namespace id (MSH-6.1, the name its mail intake address carries); null for none.
 */
async function receivingEstablishment(
  q: Queryable,
  receiver: ReceivedReferral['receiver'],
): Promise<string | null> {
  const byId = isUuid(receiver.universalId);
  const where = byId
    ? eq(establishments.id, receiver.universalId)
    : sql`lower(${establishments.slug}) = ${receiver.namespace.toLowerCase()}`;
  const [found] = await q.select({ id: establishments.id }).from(establishments).where(where).limit(1);
  return found?.id ?? null;
}

/**
 * Makes a checked REF^I12 an import item of kind hl7 of the establishment, with its PDFs stored through
 * files/ before the item's transaction and removed again when it fails or the message was already taken
 * (the same sender and control id), so no file outlives its row.
 */
export async function storeReferralMessage(
  db: Database,
  options: {
    storage: FileStorage;
    establishmentId: string;
    received: ReceivedReferral;
    ip: string | null;
    actor?: AuditActor;
  },
): Promise<{ id: string; created: boolean }> {
  const { received } = options;
  const files = await storeFiles(options.storage, received.documents);
  try {
    const result = await createImportItem(db, {
      establishmentId: options.establishmentId,
      kind: 'hl7',
      messageId: received.identity,
      sender: received.sender,
      senderName: received.senderName || null,
      subject: received.subject,
      bodyText: keptBodyText(received.bodyText),
      messageDetails: received.details,
      files,
      ip: options.ip,
      ...(options.actor ? { actor: options.actor } : {}),
    });
    if (!result.created) await removeFiles(options.storage, files);
    return result;
  } catch (error) {
    await removeFiles(options.storage, files);
    throw error;
  }
}

/**
 * An REF^I12 received over MLLP (docs/interop.md, HL7 v2, Receiving): checked, addressed by MSH-6, and
 * stored. A message we refuse as it is answers AR with the reason and stores nothing. A failure on our side
 * (the database, the file storage) is thrown, for the listener to answer AE: nothing is stored then either, so the
 * sender's retry is taken once.
 */
export async function receiveReferralMessage(
  db: Database,
  options: { storage: FileStorage; message: Hl7Message; ip: string | null },
): Promise<Hl7Receipt> {
  const received = readReferralMessage(options.message);
  if ('reason' in received) return received;
  if (received.receiver.namespace === '' && received.receiver.universalId === '')
    return rejected(101, { segment: 'MSH', field: 6 }, 'MSH-6 (the receiving facility) is required.');
  const establishmentId = await receivingEstablishment(db, received.receiver);
  if (establishmentId === null)
    return rejected(204, { segment: 'MSH', field: 6 }, 'MSH-6: no establishment here goes by that name.');
  const stored = await storeReferralMessage(db, { ...options, establishmentId, received });
  return { ack: 'AA', itemId: stored.id, created: stored.created };
}
