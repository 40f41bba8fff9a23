import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { freePort } from '../../../../test/free-port.ts';
import { createEstablishment, type Establishment } from '../../../db/factories/factories.ts';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { establishments } from '../../../db/schema/establishments.ts';
import { importActivity, importItemFiles, importItems } from '../../../db/schema/imports.ts';

/** A one-page referral letter as a practice's software prints it. */
function referralLetter(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(14).text('Harbourside Family Practice');
  doc
    .fontSize(11)
    .text('Dear Dr Chen, thank you for seeing Mrs Jane Citizen (DOB 02/03/1961) with exertional chest pain.');
  doc.end();
  return done;
}

/** A three-page fax as a fax service's fax-to-email attaches it. */
async function faxTiff(): Promise<Buffer> {
  const page = () =>
    sharp({ create: { width: 170, height: 220, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
  return sharp(await Promise.all([page(), page(), page()]), { join: { animated: true } })
    .tiff({ compression: 'lzw' })
    .toBuffer();
}

type SmtpError = Error & { responseCode?: number; response?: string; command?: string };

describe('inbound mail into the import queue', () => {
  let t: TestApp;
  let port: number;
  let clinic: Establishment;
  let cardiology: Establishment;
  let letter: Buffer;
  const logged: string[] = [];
  const intake = (slug: string) => `referrals+${slug}@referrals.localhost`;
  const db = () => t.database.db;
  const uploads = () => readdir(path.join(t.config.dataDir, 'uploads')).catch(() => [] as string[]);
  const itemsOf = (establishment: Establishment) =>
    db().select().from(importItems).where(eq(importItems.establishment_id, establishment.id));
  const filesOf = (itemIds: string[]) =>
    itemIds.length === 0
      ? Promise.resolve([])
      : db()
          .select()
          .from(importItemFiles)
          .where(inArray(importItemFiles.item_id, itemIds))
          .orderBy(importItemFiles.position);

  /** Sends through nodemailer's SMTP transport, a real client, without a pool: one connection a message. */
  const send = (mail: Mail.Options) =>
    nodemailer
      .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
      .sendMail({ from: 'Harbourside Family Practice <reception@harbourside.example>', ...mail });
  const refusal = (mail: Mail.Options) =>
    send(mail).then(
      () => {
        throw new Error('the message was taken');
      },
      (error: SmtpError) => error,
    );
  const letterMail = (overrides: Mail.Options = {}): Mail.Options => ({
    to: intake(clinic.slug ?? ''),
    subject: 'Referral: Jane Citizen, exertional chest pain',
    text: 'Please find the referral letter attached.\n\nKind regards,\nDr Sam Okafor',
    messageId: `<${randomUUID()}@harbourside.example>`,
    attachments: [{ filename: 'referral-jane-citizen.pdf', content: letter }],
    ...overrides,
  });

  beforeAll(async () => {
    port = await freePort();
    t = await buildTestApp(
      { INBOUND_SMTP_PORT: String(port), LOG_LEVEL: 'info' },
      { logTo: { write: (line) => void logged.push(line) } },
    );
    clinic = await createEstablishment(db(), {
      slug: `north-shore-heart-${randomUUID().slice(0, 8)}`,
      intake_sender_domains: ['harbourside.example', 'faxmail.example'],
    });
    cardiology = await createEstablishment(db(), {
      slug: `eastern-cardiology-${randomUUID().slice(0, 8)}`,
      intake_sender_domains: ['harbourside.example'],
    });
    letter = await referralLetter();
  });
  afterAll(() => t.app.close());

  it('takes an email with a PDF to a clinic’s intake address into its queue within 2 s', async () => {
    const started = Date.now();
    const mail = letterMail();
    const info = await send(mail);
    expect(info.response).toMatch(/^250 /);
    let items = await itemsOf(clinic);
    while (items.length === 0 && Date.now() - started < 2000) items = await itemsOf(clinic);
    expect(Date.now() - started).toBeLessThan(2000);

    expect(items).toMatchObject([
      {
        kind: 'email',
        status: 'new',
        unread: true,
        message_id: mail.messageId,
        sender: 'reception@harbourside.example',
        sender_name: 'Harbourside Family Practice',
        subject: mail.subject,
        body_text: 'Please find the referral letter attached.\n\nKind regards,\nDr Sam Okafor',
      },
    ]);
    const item = items[0]!;
    const files = await filesOf([item.id]);
    expect(files).toMatchObject([
      {
        original_name: 'referral-jane-citizen.pdf',
        content_type: 'application/pdf',
        size: letter.length,
        pages: 1,
      },
    ]);
    const stored = await readFile(path.join(t.config.dataDir, 'uploads', files[0]!.file ?? ''));
    expect(stored.equals(letter)).toBe(true);
    expect(await db().select().from(importActivity).where(eq(importActivity.item_id, item.id))).toMatchObject(
      [{ action: 'received', actor_id: null }],
    );
    expect(await db().select().from(auditLog).where(eq(auditLog.resource_id, item.id))).toMatchObject([
      { action: 'import.receive', actor_id: null, establishment_id: clinic.id, ip: '127.0.0.1' },
    ]);
  });

  it('makes no second item or file when the same message comes again', async () => {
    const mail = letterMail();
    await send(mail);
    const before = { items: (await itemsOf(clinic)).length, files: (await uploads()).length };
    const again = await send(mail);
    expect(again.response).toMatch(/^250 /);
    expect((await itemsOf(clinic)).length).toBe(before.items);
    expect((await uploads()).length).toBe(before.files);
  });

  describe('refusals store nothing', () => {
    const nothingStored = async (check: () => Promise<void>) => {
      const before = { items: await db().select().from(importItems), files: await uploads() };
      await check();
      expect(await db().select().from(importItems)).toEqual(before.items);
      expect(await uploads()).toEqual(before.files);
    };

    it('refuses a sender whose domain the clinic does not take mail from (550 5.7.1)', async () => {
      await nothingStored(async () => {
        const error = await refusal(letterMail({ from: 'Dr Someone <gp@elsewhere.example>' }));
        expect(error.responseCode).toBe(550);
        expect(error.response).toMatch(/^550 5\.7\.1 /);
        expect(error.command).toBe('RCPT TO');
      });
    });

    it('refuses an address that is not an intake address (550 5.1.1)', async () => {
      await nothingStored(async () => {
        for (const to of [
          intake('no-such-clinic'),
          'someone@referrals.localhost',
          `referrals+${clinic.slug ?? ''}@other.example`,
        ]) {
          const error = await refusal(letterMail({ to }));
          expect(error.response).toMatch(/^550 5\.1\.1 /);
        }
      });
    });

    it('refuses a 30 MB message with 552 5.3.4 while it streams, without reading it all', async () => {
      await nothingStored(async () => {
        const error = await refusal(
          letterMail({
            attachments: [
              { filename: 'scan.pdf', content: Buffer.concat([letter, randomBytes(30 * 1024 * 1024)]) },
            ],
          }),
        );
        expect(error.responseCode).toBe(552);
        expect(error.response).toMatch(/^552 5\.3\.4 /);
      });
    });

    it('refuses a 30 MB message at MAIL FROM when the sender declares its size (552 5.3.4)', async () => {
      await nothingStored(async () => {
        const connection = new SMTPConnection({ host: '127.0.0.1', port, ignoreTLS: true });
        await new Promise<void>((resolve, reject) => {
          connection.once('error', reject);
          connection.connect(() => resolve());
        });
        const error = await new Promise<SmtpError>((resolve) => {
          connection.send(
            {
              from: 'reception@harbourside.example',
              to: [intake(clinic.slug ?? '')],
              size: 30 * 1024 * 1024,
            },
            'Subject: too large\r\n\r\nnever sent\r\n',
            (err) => resolve(err as SmtpError),
          );
        });
        connection.quit();
        expect(error.command).toBe('MAIL FROM');
        expect(error.response).toMatch(/^552 5\.3\.4 /);
      });
    });

    it('cuts off a sender that declared a small size and sends more than 25 MB', async () => {
      await nothingStored(async () => {
        const { reply, closedByServer } = await liar(port, intake(clinic.slug ?? ''));
        expect(reply).toMatch(/^552 5\.3\.4 /m);
        expect(closedByServer).toBe(true);
      });
    });

    it('refuses a message with no PDF, image or TIFF attachment (550 5.6.0); other types are left out', async () => {
      await nothingStored(async () => {
        const plain = await refusal(letterMail({ attachments: [] }));
        expect(plain.response).toMatch(/^550 5\.6\.0 /);
        const disguised = await refusal(
          letterMail({
            attachments: [
              { filename: 'letter.pdf', content: 'not really a PDF', contentType: 'application/pdf' },
              { filename: 'card.vcf', content: 'BEGIN:VCARD\r\nEND:VCARD\r\n' },
            ],
          }),
        );
        expect(disguised.response).toMatch(/^550 5\.6\.0 /);
      });
    });

    it('refuses an attachment over 5 MB (552 5.3.4)', async () => {
      await nothingStored(async () => {
        const large = Buffer.concat([letter, randomBytes(5 * 1024 * 1024)]);
        const error = await refusal(letterMail({ attachments: [{ filename: 'large.pdf', content: large }] }));
        expect(error.response).toMatch(/^552 5\.3\.4 /);
      });
    });

    it('refuses more than 20 attachments (552 5.3.4)', async () => {
      await nothingStored(async () => {
        const attachments = Array.from({ length: 21 }, (_, i) => ({
          filename: `page-${i + 1}.pdf`,
          content: letter,
        }));
        const error = await refusal(letterMail({ attachments }));
        expect(error.response).toMatch(/^552 5\.3\.4 /);
      });
    });
  });

  it('takes a message refused before once its cause is gone: a refusal does not use up its Message-ID', async () => {
    const mail = letterMail({ from: 'Northern Practice <admin@northern.example>' });
    expect((await refusal(mail)).response).toMatch(/^550 5\.7\.1 /);
    await db()
      .update(establishments)
      .set({ intake_sender_domains: ['harbourside.example', 'faxmail.example', 'northern.example'] })
      .where(eq(establishments.id, clinic.id));
    try {
      expect((await send(mail)).response).toMatch(/^250 /);
      const taken = (await itemsOf(clinic)).filter((i) => i.message_id === mail.messageId);
      expect(taken).toHaveLength(1);
      expect(taken[0]?.sender).toBe('admin@northern.example');

      const bare = letterMail({ attachments: [] });
      expect((await refusal(bare)).response).toMatch(/^550 5\.6\.0 /);
      expect(
        (await send({ ...bare, attachments: [{ filename: 'letter.pdf', content: letter }] })).response,
      ).toMatch(/^250 /);
      expect((await itemsOf(clinic)).filter((i) => i.message_id === bare.messageId)).toHaveLength(1);
    } finally {
      await db()
        .update(establishments)
        .set({ intake_sender_domains: ['harbourside.example', 'faxmail.example'] })
        .where(eq(establishments.id, clinic.id));
    }
  });

  it('takes a fax service’s TIFF as a fax with its pages counted', async () => {
    const tiff = await faxTiff();
    const mail = letterMail({
      from: 'Fax Service <fax-to-email@faxmail.example>',
      subject: 'Fax from 02 9999 1234 (3 pages)',
      text: '',
      attachments: [
        { filename: 'fax-0299991234.tif', content: tiff, contentType: 'application/octet-stream' },
      ],
    });
    await send(mail);
    const [item] = (await itemsOf(clinic)).filter((i) => i.message_id === mail.messageId);
    expect(item).toMatchObject({ kind: 'fax', sender: 'fax-to-email@faxmail.example', body_text: null });
    expect(await filesOf([item!.id])).toMatchObject([
      { original_name: 'fax-0299991234.tif', content_type: 'image/tiff', pages: 3, size: tiff.length },
    ]);
  });

  it('makes one item for each clinic among the recipients, and refuses only the unknown one', async () => {
    const mail = letterMail({
      to: [intake(clinic.slug ?? ''), intake('no-such-clinic'), intake(cardiology.slug ?? '').toUpperCase()],
    });
    const info = await send(mail);
    expect(info.rejected).toEqual([intake('no-such-clinic')]);
    const items = await db()
      .select()
      .from(importItems)
      .where(eq(importItems.message_id, mail.messageId ?? ''));
    expect(items.map((i) => i.establishment_id).sort()).toEqual([clinic.id, cardiology.id].sort());
    const files = await filesOf(items.map((i) => i.id));
    expect(files).toHaveLength(2);
    // Each item has a file of its own: converting one moves it onto a referral.
    expect(new Set(files.map((f) => f.file)).size).toBe(2);
  });

  it('keeps taking mail after a sender vanished mid-message, leaving no file of it', async () => {
    const before = await uploads();
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const lines: string[] = [];
      socket.on('error', reject);
      socket.on('data', (chunk: Buffer) => {
        lines.push(chunk.toString('latin1'));
        const said = lines.join('');
        // smtp-server refuses a client that talks before its greeting.
        if (lines.length === 1)
          socket.write(
            `EHLO harbourside.example\r\nMAIL FROM:<reception@harbourside.example>\r\nRCPT TO:<${intake(clinic.slug ?? '')}>\r\nDATA\r\n`,
          );
        if (said.includes('354 ')) {
          socket.write(
            `Subject: cut\r\nContent-Type: application/pdf\r\n\r\n${letter.toString('base64').slice(0, 500)}`,
          );
          socket.destroy();
          resolve();
        }
      });
    });
    expect((await send(letterMail())).response).toMatch(/^250 /);
    expect((await uploads()).length).toBe(before.length + 1);
  });

  it('logs counts and codes, never addresses, names or subjects', () => {
    const log = logged.join('\n');
    expect(log).toContain('inbound mail: message taken');
    expect(log).toContain('inbound mail: recipient refused');
    for (const secret of [
      'harbourside.example',
      'Jane Citizen',
      'Harbourside Family Practice',
      clinic.slug ?? '',
      'northern',
    ])
      expect(log).not.toContain(secret);
  });
});

/**
 * A sender that declares SIZE=1000 and then streams up to 40 MB without ever ending the message. SMTP answers
 * DATA only after its end, so a reply at all, and the server closing the connection, show it was cut off.
 */
function liar(port: number, to: string): Promise<{ reply: string; closedByServer: boolean }> {
  const most = 40 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let said = '';
    let written = 0;
    let streaming = false;
    let closedByServer = false;
    const chunk = Buffer.alloc(64 * 1024, 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=\r\n');
    const afterData = () => said.slice(Math.max(0, said.indexOf('354 ')));
    const finish = () => {
      socket.destroy();
      resolve({ reply: afterData(), closedByServer });
    };
    const stream = () => {
      while (!closedByServer && written < most) {
        written += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', stream);
      }
      if (!closedByServer) reject(new Error('the server took 40 MB without a word'));
    };
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? finish() : reject(error),
    );
    // The server's end of the connection closing (FIN): it will read no more of the message.
    socket.on('end', () => {
      closedByServer = true;
      finish();
    });
    socket.on('data', (data: Buffer) => {
      const greeted = said !== '';
      said += data.toString('latin1');
      if (!greeted)
        socket.write(
          `EHLO liar.example\r\nMAIL FROM:<reception@harbourside.example> SIZE=1000\r\nRCPT TO:<${to}>\r\nDATA\r\n`,
        );
      if (!streaming && said.includes('354 ')) {
        streaming = true;
        socket.write('Subject: small, it says\r\n\r\n');
        stream();
      }
    });
  });
}
