import { and, eq } from 'drizzle-orm';
import type { ImportKind } from '@referrals/domain/imports/import-codes';
import type { ImportMessageDetails } from '@referrals/domain/imports/import-schemas';
import type { Database, Queryable } from '../../../db/database.ts';
import { importActivity, importItemFiles, importItems } from '../../../db/schema/imports.ts';
import { recordAudit, type AuditActor } from '../../audit/record-audit.ts';
import type { StoredFile } from '../../files/file-store.ts';

export type ImportItemFile = { stored: StoredFile; originalName: string; pages: number };

export type CreateImportItemOptions = {
  establishmentId: string;
  kind: ImportKind;
  /**
   * The Message-ID header, or a digest of the message when it has none; an HL7 message's sender and control
   * id: a message is taken once.
   */
  messageId: string;
  /** The envelope sender (MAIL FROM), or an HL7 message's sending facility. */
  sender: string;
  /** The From header's display name, or an HL7 message's referrer. */
  senderName: string | null;
  subject: string;
  bodyText: string | null;
  /** What an HL7 message said of the patient, the referrer and the referral. */
  messageDetails?: ImportMessageDetails | null;
  receivedAt?: Date;
  /** Already stored through files/, in the message's order. */
  files: ImportItemFile[];
  /** The sending server's address, for the audit row. */
  ip?: string | null;
  /** Who put the item in the queue by hand (an uploaded HL7 file); absent for the intake itself. */
  actor?: AuditActor;
};

/**
 * One accepted message becomes one import item of the establishment, with its files, its 'received'
 * activity and its audit row, in one transaction. A Message-ID the establishment already has (a retry)
 * makes nothing and answers created: false; the caller then removes the files it stored for it.
 */
export async function createImportItem(
  db: Database,
  options: CreateImportItemOptions,
): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(importItems)
      .values({
        establishment_id: options.establishmentId,
        kind: options.kind,
        message_id: options.messageId,
        sender: options.sender,
        sender_name: options.senderName,
        subject: options.subject,
        body_text: options.bodyText,
        message_details: options.messageDetails ?? null,
        received_at: options.receivedAt ?? new Date(),
      })
      // The unique key decides between two deliveries of one message at once, where a look-up first would not.
      .onConflictDoNothing({
        target: [importItems.establishment_id, importItems.kind, importItems.message_id],
      })
      .returning({ id: importItems.id });
    if (!row) return { id: await existingItemId(tx, options), created: false };
    if (options.files.length > 0) {
      await tx.insert(importItemFiles).values(
        options.files.map((file, position) => ({
          item_id: row.id,
          file: file.stored.name,
          original_name: file.originalName,
          content_type: file.stored.contentType,
          size: file.stored.size,
          pages: file.pages,
          position,
        })),
      );
    }
    await tx.insert(importActivity).values({
      item_id: row.id,
      establishment_id: options.establishmentId,
      action: 'received',
      actor_id: options.actor?.actorId ?? null,
    });
    await recordAudit(
      tx,
      options.actor ?? {
        actorId: null,
        establishmentId: options.establishmentId,
        ip: options.ip ?? null,
        requestId: null,
      },
      {
        action: 'import.receive',
        resourceType: 'import_item',
        resourceId: row.id,
        detail: { kind: options.kind, files: options.files.length },
      },
    );
    return { id: row.id, created: true };
  });
}

/** The item a repeated message identity already made. */
async function existingItemId(q: Queryable, options: CreateImportItemOptions): Promise<string> {
  const [existing] = await q
    .select({ id: importItems.id })
    .from(importItems)
    .where(
      and(
        eq(importItems.establishment_id, options.establishmentId),
        eq(importItems.kind, options.kind),
        eq(importItems.message_id, options.messageId),
      ),
    );
  if (!existing) throw new Error('an import item conflicted on its Message-ID but cannot be found');
  return existing.id;
}
