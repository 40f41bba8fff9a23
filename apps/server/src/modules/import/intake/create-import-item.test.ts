import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workerAppDatabase, workerDatabase } from '../../../../test/test-database.ts';
import { createEstablishment } from '../../../db/factories/factories.ts';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { importActivity, importItemFiles, importItems } from '../../../db/schema/imports.ts';
import { createImportItem, type CreateImportItemOptions } from './create-import-item.ts';

async function clinic() {
  return createEstablishment((await workerDatabase()).db, { slug: `clinic-${randomUUID()}` });
}

function message(establishmentId: string): CreateImportItemOptions {
  return {
    establishmentId,
    kind: 'email',
    messageId: `<${randomUUID()}@harbourside.example>`,
    sender: 'reception@harbourside.example',
    senderName: 'Harbourside Family Practice',
    subject: 'Referral: chest pain on exertion',
    bodyText: 'Please see the attached letter.',
    receivedAt: new Date('2026-03-02T09:15:00+11:00'),
    files: [
      {
        stored: { name: `${randomUUID()}.pdf`, contentType: 'application/pdf', size: 1200 },
        originalName: 'referral.pdf',
        pages: 1,
      },
      {
        stored: { name: `${randomUUID()}.tif`, contentType: 'image/tiff', size: 5400 },
        originalName: 'ecg.tif',
        pages: 3,
      },
    ],
  };
}

describe('an accepted message becomes an import item', () => {
  it('writes the item, its files in order, its received activity and its audit row', async () => {
    const { db } = await workerAppDatabase();
    const establishment = await clinic();
    const options = message(establishment.id);
    const result = await createImportItem(db, options);
    expect(result.created).toBe(true);

    const owner = (await workerDatabase()).db;
    const [item] = await owner.select().from(importItems).where(eq(importItems.id, result.id));
    expect(item).toMatchObject({
      establishment_id: establishment.id,
      kind: 'email',
      status: 'new',
      unread: true,
      sender: options.sender,
      sender_name: options.senderName,
      subject: options.subject,
      body_text: options.bodyText,
      received_at: options.receivedAt,
    });
    const files = await owner
      .select()
      .from(importItemFiles)
      .where(eq(importItemFiles.item_id, result.id))
      .orderBy(importItemFiles.position);
    expect(files.map((f) => [f.file, f.original_name, f.content_type, f.size, f.pages, f.position])).toEqual(
      options.files.map((f, i) => [
        f.stored.name,
        f.originalName,
        f.stored.contentType,
        f.stored.size,
        f.pages,
        i,
      ]),
    );
    const activity = await owner.select().from(importActivity).where(eq(importActivity.item_id, result.id));
    expect(activity).toMatchObject([
      { action: 'received', actor_id: null, establishment_id: establishment.id },
    ]);
    const audit = await owner.select().from(auditLog).where(eq(auditLog.resource_id, result.id));
    expect(audit).toMatchObject([
      {
        action: 'import.receive',
        resource_type: 'import_item',
        actor_id: null,
        establishment_id: establishment.id,
        outcome: 'success',
      },
    ]);
  });

  it('takes a Message-ID once per establishment: a repeat makes nothing and names the first item', async () => {
    const { db } = await workerAppDatabase();
    const establishment = await clinic();
    const options = message(establishment.id);
    const first = await createImportItem(db, options);
    const again = await createImportItem(db, { ...options, subject: 'Fwd: the same letter' });
    expect(again).toEqual({ id: first.id, created: false });

    const owner = (await workerDatabase()).db;
    const items = await owner
      .select()
      .from(importItems)
      .where(eq(importItems.establishment_id, establishment.id));
    expect(items.map((i) => i.subject)).toEqual([options.subject]);
    expect(
      await owner.select().from(importItemFiles).where(eq(importItemFiles.item_id, first.id)),
    ).toHaveLength(2);
    expect(await owner.select().from(auditLog).where(eq(auditLog.resource_id, first.id))).toHaveLength(1);

    // Another establishment that got the same message (one of several recipients) gets its own item.
    const other = await clinic();
    const theirs = await createImportItem(db, { ...options, establishmentId: other.id });
    expect(theirs.created).toBe(true);
    expect(theirs.id).not.toBe(first.id);
  });

  it('takes one of two deliveries of a message at once', async () => {
    const { db } = await workerAppDatabase();
    const establishment = await clinic();
    const options = message(establishment.id);
    const results = await Promise.all([createImportItem(db, options), createImportItem(db, options)]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(results[0]?.id).toBe(results[1]?.id);
  });
});
