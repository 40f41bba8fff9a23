import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SENDER_DOMAIN_MESSAGE,
  TOO_MANY_SENDER_DOMAINS_MESSAGE,
} from '@referrals/domain/imports/intake-domains';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { freePort } from '../../../test/free-port.ts';
import { createEstablishment, type Establishment } from '../../db/factories/factories.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { importItems } from '../../db/schema/imports.ts';
import { establishmentBody, signedInPerson, type Person } from './establishment-test-people.ts';

describe('the intake settings of an establishment', () => {
  let t: TestApp;
  let port: number;
  let clinic: Establishment;
  let holder: Person;
  let staff: Person;
  const slug = `bayside-heart-${randomUUID().slice(0, 8)}`;
  const address = `referrals+${slug}@intake.example`;
  const db = () => t.database.db;
  const stored = async () =>
    (await db().select().from(establishments).where(eq(establishments.id, clinic.id)))[0]
      ?.intake_sender_domains;
  const put = (body: Record<string, unknown>) =>
    holder.api('PUT', `/api/establishments/${clinic.id}/`, establishmentBody(body));

  beforeAll(async () => {
    port = await freePort();
    t = await buildTestApp({ INBOUND_SMTP_PORT: String(port), INBOUND_MAIL_DOMAIN: 'intake.example' });
    clinic = await createEstablishment(db(), { name: 'Bayside Family Clinic', type: 'CL', slug });
    holder = await signedInPerson(t.app, db(), {
      user: { role: 'PM' },
      at: clinic.id,
      employment: { is_account_holder: true },
    });
    staff = await signedInPerson(t.app, db(), { at: clinic.id });
  });
  afterAll(() => t.app.close());

  it('saves the sending domains lower-cased, each once, and shows the intake address beside them', async () => {
    const res = await put({
      intake_sender_domains: [' Harbourside.COM.au ', 'faxmail.example', 'harbourside.com.au'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      intake_sender_domains: ['harbourside.com.au', 'faxmail.example'],
      intake_address: address,
    });
    expect(await stored()).toEqual(['harbourside.com.au', 'faxmail.example']);
  });

  it('keeps the domains when a save leaves the field out', async () => {
    const res = await put({ description: 'Cardiology and echocardiography.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ intake_sender_domains: ['harbourside.com.au', 'faxmail.example'] });
  });

  it('answers 400 on the entry that is not a domain name, or on more than 20, and saves nothing', async () => {
    const bad = await put({ intake_sender_domains: ['faxmail.example', 'reception@harbourside.com.au'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ intake_sender_domains: { '1': [SENDER_DOMAIN_MESSAGE] } });
    const many = Array.from({ length: 21 }, (_, i) => `practice${String(i)}.example`);
    const tooMany = await put({ intake_sender_domains: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ intake_sender_domains: [TOO_MANY_SENDER_DOMAINS_MESSAGE] });
    expect(await stored()).toEqual(['harbourside.com.au', 'faxmail.example']);
  });

  it('shows the domains only to whoever can edit the establishment; its address to any reader', async () => {
    const res = await staff.api('GET', `/api/establishments/${clinic.id}/`);
    expect(res.json()).toMatchObject({
      can_edit: false,
      intake_sender_domains: null,
      intake_address: address,
    });
  });

  it('has no intake address without a slug, and a new establishment takes mail from no one', async () => {
    const res = await holder.api(
      'POST',
      '/api/establishments/',
      establishmentBody({ name: 'Harbour Imaging' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ intake_sender_domains: [], intake_address: null });
  });

  it('takes mail from a domain once the establishment lists it', async () => {
    const mail = {
      from: 'Northern Practice <admin@northern.example>',
      to: address,
      subject: 'Referral',
      messageId: `<${randomUUID()}@northern.example>`,
      attachments: [{ filename: 'letter.pdf', content: '%PDF-1.4\n%%EOF\n' }],
    };
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    await expect(transport.sendMail(mail)).rejects.toMatchObject({ responseCode: 550 });
    await put({ intake_sender_domains: ['harbourside.com.au', 'faxmail.example', 'northern.example'] });
    await transport.sendMail(mail);
    const items = await db().select().from(importItems).where(eq(importItems.establishment_id, clinic.id));
    expect(items.map((i) => i.message_id)).toEqual([mail.messageId]);
  });

  it('shows no intake address when the server takes no mail', async () => {
    const off = await buildTestApp();
    try {
      const reader = await signedInPerson(off.app, db(), { at: clinic.id });
      const res = await reader.api('GET', `/api/establishments/${clinic.id}/`);
      expect(res.json()).toMatchObject({ intake_address: null });
    } finally {
      await off.app.close();
    }
  });
});
