import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { Hl7Message } from '@medplum/core';
import { Hl7Client, type Hl7ErrorEvent } from '@medplum/hl7';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { freePort } from '../../../../test/free-port.ts';
import { createEstablishment, type Establishment } from '../../../db/factories/factories.ts';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { importActivity, importItemFiles, importItems } from '../../../db/schema/imports.ts';
import { signedInPerson, type Person } from '../../establishments/establishment-test-people.ts';
import { insertReferral } from '../../referrals/actions/referral-action-test-setup.ts';
import { referralParties } from '../../referrals/referral-test-parties.ts';
import { unescapeHl7 } from '../../hl7/hl7-fields.ts';
import { LETTER_PDF } from '../queue/import-queue-test-setup.ts';
import { SAMPLE, sampleReferral, type SampleOptions } from './hl7-test-messages.ts';

describe('HL7 v2 over MLLP into the import queue', () => {
  let t: TestApp;
  let port: number;
  let clinic: Establishment;
  let manager: Person;
  const logged: string[] = [];
  const db = () => t.database.db;
  const uploads = () => readdir(path.join(t.config.dataDir, 'uploads')).catch(() => [] as string[]);
  const itemsOf = (establishment: Establishment) =>
    db().select().from(importItems).where(eq(importItems.establishment_id, establishment.id));

  /** Sends as an interface engine does: @medplum/hl7's client, a connection a message, waiting for the ACK. */
  async function send(message: Hl7Message): Promise<Hl7Message> {
    const client = new Hl7Client({ host: '127.0.0.1', port });
    try {
      return await client.sendAndWait(message, { timeoutMs: 10_000 });
    } finally {
      await client.close();
    }
  }
  const sendSample = (options: SampleOptions = {}) =>
    send(Hl7Message.parse(sampleReferral({ receiver: clinic.slug ?? '', ...options })));
  const msa = (ack: Hl7Message) => [1, 2].map((field) => ack.getSegment('MSA')?.getField(field)?.toString());

  beforeAll(async () => {
    port = await freePort();
    t = await buildTestApp(
      { HL7_MLLP_PORT: String(port), LOG_LEVEL: 'info' },
      { logTo: { write: (line) => void logged.push(line) } },
    );
    clinic = await createEstablishment(db(), { slug: `north-shore-heart-${randomUUID().slice(0, 8)}` });
    manager = await signedInPerson(t.app, db(), {
      at: clinic.id,
      employment: { permissions: ['accept_referral'] },
    });
  });
  afterAll(() => t.app.close());

  it('answers a good REF^I12 AA and makes it one import item with its patient, referrer and PDF', async () => {
    const controlId = `HFM${Date.now()}`;
    const ack = await sendSample({ controlId });
    expect(ack.getSegment('MSH')?.getField(9)?.toString()).toBe('ACK^I12^ACK');
    expect(msa(ack)).toEqual(['AA', controlId]);

    const [item, ...others] = await itemsOf(clinic);
    expect(others).toEqual([]);
    expect(item).toMatchObject({
      kind: 'hl7',
      status: 'new',
      unread: true,
      sender: 'Harbourside Family Medical',
      sender_name: 'Dr Sam Okafor',
      subject: `Referral for ${SAMPLE.firstName} ${SAMPLE.lastName}: Exertional chest pain`,
      body_text: 'Exertional chest pain for three weeks.\nECG attached.',
    });
    const files = await db().select().from(importItemFiles).where(eq(importItemFiles.item_id, item!.id));
    expect(files).toMatchObject([
      { original_name: 'referral-letter.pdf', content_type: 'application/pdf', size: LETTER_PDF.length },
    ]);
    const stored = await readFile(path.join(t.config.dataDir, 'uploads', files[0]!.file ?? ''));
    expect(stored.equals(LETTER_PDF)).toBe(true);
    expect(
      await db().select().from(importActivity).where(eq(importActivity.item_id, item!.id)),
    ).toMatchObject([{ action: 'received', actor_id: null }]);
    expect(await db().select().from(auditLog).where(eq(auditLog.resource_id, item!.id))).toMatchObject([
      { action: 'import.receive', actor_id: null, establishment_id: clinic.id, ip: '127.0.0.1' },
    ]);

    // The queue shows what the message said, for whoever converts it.
    const read = await manager.api('GET', `/api/import/email/${item!.id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      kind: { value: 'hl7', display: 'HL7 message' },
      message_details: {
        patient: {
          title: 'MRS',
          first_name: SAMPLE.firstName,
          last_name: SAMPLE.lastName,
          dob: '1961-03-02',
          sex: 'F',
          ihi: SAMPLE.ihi,
          medicare_number: SAMPLE.medicare,
          medicare_ref_num: '1',
          mrns: [{ number: 'HFM-4411', facility: 'Harbourside' }],
          phone: '0412345678',
          email: 'mary@mail.example',
          address1: '3 Ocean Rd',
          city: 'Bondi',
          state: 'NSW',
          postcode: '2026',
        },
        referrer: {
          title: 'DR',
          first_name: 'Sam',
          last_name: 'Okafor',
          provider_number: SAMPLE.providerNumber,
          practice_name: 'Harbourside Family Medical',
          phone: '0291234567',
        },
        referral: {
          sender_reference: 'HFM-REF-2041',
          reason: 'Exertional chest pain',
          priority: 'R',
          sent_at: '2026-10-31T23:00:00.000Z',
        },
      },
    });
  });

  it('makes one item of the same message sent twice, and answers AA both times', async () => {
    const text = sampleReferral({ receiver: clinic.slug ?? '' });
    const before = { items: (await itemsOf(clinic)).length, files: (await uploads()).length };
    const first = await send(Hl7Message.parse(text));
    const again = await send(Hl7Message.parse(text));
    expect([first, again].map((ack) => ack.getSegment('MSA')?.getField(1)?.toString())).toEqual(['AA', 'AA']);
    expect(again.getSegment('MSA')?.getField(3)?.toString()).toBe('OK: already received');
    expect((await itemsOf(clinic)).length).toBe(before.items + 1);
    expect((await uploads()).length).toBe(before.files + 1);
  });

  describe('refusals answer AR with the reason and store nothing', () => {
    async function refused(options: SampleOptions) {
      const before = { items: await db().select().from(importItems), files: await uploads() };
      const ack = await sendSample(options);
      expect(await db().select().from(importItems)).toEqual(before.items);
      expect(await uploads()).toEqual(before.files);
      const err = ack.getSegment('ERR');
      const text = (value: string | undefined) => unescapeHl7(value ?? '', ack.context);
      return {
        msa: [1, 3].map((field) => text(ack.getSegment('MSA')?.getField(field)?.toString())),
        location: err?.getField(2)?.toString(),
        code: err?.getField(3)?.getComponent(1),
        reason: text(err?.getField(8)?.toString()),
      };
    }

    it('refuses a REF^I12 without the date of birth', async () => {
      expect(await refused({ dob: '' })).toEqual({
        msa: ['AR', "PID-7: the patient's date of birth is required."],
        location: 'PID^1^7',
        code: '101',
        reason: "PID-7: the patient's date of birth is required.",
      });
      expect((await refused({ dob: '19610231' })).msa).toEqual([
        'AR',
        'PID-7: the date of birth must be a date (YYYYMMDD).',
      ]);
    });

    it('refuses a message that is not an REF^I12', async () => {
      expect(await refused({ messageType: 'ADT^A01^ADT_A01' })).toMatchObject({
        msa: ['AR', 'MSH-9: only REF^I12 is taken, not ADT^A01.'],
        code: '200',
      });
    });

    it('refuses a document that is not the PDF it claims to be, and leaves no file', async () => {
      expect(await refused({ document: Buffer.from('not a pdf at all').toString('base64') })).toMatchObject({
        msa: ['AR', 'OBX-5.5: the document is not a PDF.'],
        location: 'OBX^1^5^^5',
        code: '102',
      });
    });

    it('refuses a receiving facility that names no establishment here', async () => {
      expect(await refused({ receiver: 'no-such-clinic' })).toMatchObject({
        msa: ['AR', 'MSH-6: no establishment here goes by that name.'],
        location: 'MSH^1^6',
        code: '204',
      });
    });
  });

  it('answers AE when our side cannot store the message, and takes the sender’s retry once', async () => {
    // The uploads folder turned into a file: storing the PDF fails as a full or broken disk would.
    const folder = path.join(t.config.dataDir, 'uploads');
    const before = await itemsOf(clinic);
    const text = sampleReferral({ receiver: clinic.slug ?? '' });
    await mkdir(folder, { recursive: true });
    await rename(folder, `${folder}.away`);
    await writeFile(folder, 'not a folder');
    let ack: Hl7Message;
    try {
      ack = await send(Hl7Message.parse(text));
    } finally {
      await rm(folder);
      await rename(`${folder}.away`, folder);
    }
    expect(msa(ack)[0]).toBe('AE');
    expect(ack.getSegment('ERR')?.getField(3)?.getComponent(1)).toBe('207');
    expect(await itemsOf(clinic)).toEqual(before);
    expect(msa(await send(Hl7Message.parse(text)))[0]).toBe('AA');
    expect((await itemsOf(clinic)).length).toBe(before.length + 1);
  });

  it('answers a frame that is no HL7 message AR, closes that connection and goes on taking messages', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('\x0bHELLO THERE\x1c\r'));
      let received = '';
      socket.on('data', (data) => (received += data.toString('utf8')));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const ack = Hl7Message.parse(answer.slice(1, -2));
    expect(msa(ack)).toEqual(['AR', '']);
    // A sender that resets its connection mid-message breaks nothing either.
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('\x0bMSH|^~\\&|half a message');
        socket.resetAndDestroy();
        resolve();
      });
      socket.on('error', () => resolve());
    });
    expect(msa(await sendSample())[0]).toBe('AA');
    expect(logged.join('\n')).not.toMatch(/Brien|Mary|Okafor|8003608166690503/);
  });

  it('answers each of two messages sent back to back without waiting, each with its own item', async () => {
    const client = new Hl7Client({ host: '127.0.0.1', port });
    const before = (await itemsOf(clinic)).length;
    try {
      const [first, second] = await Promise.all(
        [1, 2].map(() =>
          client.sendAndWait(Hl7Message.parse(sampleReferral({ receiver: clinic.slug ?? '' })), {
            timeoutMs: 10_000,
          }),
        ),
      );
      expect([first, second].map((ack) => msa(ack!)[0])).toEqual(['AA', 'AA']);
    } finally {
      await client.close();
    }
    const items = await itemsOf(clinic);
    expect(items.length).toBe(before + 2);
    const files = await db().select().from(importItemFiles);
    for (const item of items)
      expect(files.filter((f) => f.item_id === item.id).length).toBeLessThanOrEqual(1);
  });

  it('never acknowledges an acknowledgement', async () => {
    const client = new Hl7Client({ host: '127.0.0.1', port });
    const unexpected: Error[] = [];
    client.addEventListener('error', (event: Hl7ErrorEvent) => unexpected.push(event.error));
    try {
      await client.send(
        Hl7Message.parse(
          'MSH|^~\\&|ENGINE|Harbourside|REFERRALS|North Shore|20261101100000||ACK^I12^ACK|ACK-1|P|2.5\r' +
            'MSA|AA|HFM-1',
        ),
      );
      // Had the ACK been answered, that answer would come first, for no message the client waits for, and
      // the client would say so.
      const ack = await client.sendAndWait(
        Hl7Message.parse(sampleReferral({ receiver: clinic.slug ?? '' })),
        {
          timeoutMs: 10_000,
        },
      );
      expect(msa(ack)[0]).toBe('AA');
    } finally {
      await client.close();
    }
    expect(unexpected).toEqual([]);
  });

  it('takes a REF^I12 this server exported, for the establishment it names', async () => {
    const p = await referralParties(t.app, db());
    const referral = await insertReferral(db(), p);
    const exported = await p.gp.api('GET', `/api/referrals/${referral.id}/hl7/`);
    const ack = await send(Hl7Message.parse(exported.body));
    expect(msa(ack)[0]).toBe('AA');
    const [item] = await itemsOf(p.clinic);
    expect(item).toMatchObject({ kind: 'hl7', sender: p.practice.name });
    expect(item?.sender_name).toContain('Grace Palmer');
    expect(item?.message_details?.referral.sender_reference).toBe(referral.id);
  });
});

describe('the MLLP listener', () => {
  it('is off unless HL7_MLLP_PORT is set, and closes with the app', async () => {
    const port = await freePort();
    const refusedAt = (at: number) =>
      new Promise<string>((resolve) => {
        const socket = connect(at, '127.0.0.1', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
    const off = await buildTestApp();
    expect(off.config.mllp).toBeUndefined();
    await off.app.close();
    const on = await buildTestApp({ HL7_MLLP_PORT: String(port) });
    expect(await refusedAt(port)).toBe('connected');
    await on.app.close();
    expect(await refusedAt(port)).toBe('ECONNREFUSED');
  });
});
