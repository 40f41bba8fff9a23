import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_COLOUR_MESSAGE } from '@referrals/domain/portals/portal-schemas';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createEmployment, createEstablishment, type Establishment } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { PORTAL_NEEDS_SLUG_MESSAGE } from './portal-settings.ts';
import { establishmentBody, signedInPerson, type Person } from './establishment-test-people.ts';

describe('the public portal settings of an establishment (docs/portals.md, Settings)', () => {
  let t: TestApp;
  let clinic: Establishment;
  let noSlug: Establishment;
  let holder: Person;
  let staff: Person;
  const slug = `bayside-heart-${randomUUID().slice(0, 8)}`;
  const db = () => t.database.db;
  const stored = async (id = clinic.id) => {
    const [row] = await db().select().from(establishments).where(eq(establishments.id, id));
    return {
      enabled: row?.portal_enabled,
      sender_types: row?.portal_sender_types,
      colour: row?.portal_colour,
      intro: row?.portal_intro,
    };
  };
  const put = (body: Record<string, unknown>, id = clinic.id, who = holder) =>
    who.api(
      'PUT',
      `/api/establishments/${id}/`,
      establishmentBody({ name: 'Bayside Heart Clinic', ...body }),
    );

  beforeAll(async () => {
    t = await buildTestApp();
    clinic = await createEstablishment(db(), { name: 'Bayside Heart Clinic', type: 'CL', slug });
    noSlug = await createEstablishment(db(), { name: 'Bayside Heart Clinic', type: 'CL' });
    holder = await signedInPerson(t.app, db(), {
      user: { role: 'PM' },
      at: clinic.id,
      employment: { is_account_holder: true },
    });
    await createEmployment(db(), {
      user_id: holder.user.id,
      establishment_id: noSlug.id,
      is_account_holder: true,
      priority: 2,
    });
    staff = await signedInPerson(t.app, db(), { at: clinic.id });
  });
  afterAll(() => t.app.close());

  it('starts off, for both sender types, with the portal’s address under PUBLIC_URL', async () => {
    const res = await holder.api('GET', `/api/establishments/${clinic.id}/`);
    expect(res.json().portal).toEqual({
      enabled: false,
      sender_types: ['PATIENT', 'PROVIDER'],
      colour: null,
      intro: null,
      url: `http://referrals.test/refer/${slug}`,
    });
  });

  it('switches the portal on with who may send, a colour and a welcome, and audits the change', async () => {
    const res = await put({
      portal: {
        enabled: true,
        sender_types: ['PROVIDER', 'PROVIDER'],
        colour: ' #0B7285 ',
        intro: '  Send us your cardiology referrals.  ',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().portal).toEqual({
      enabled: true,
      sender_types: ['PROVIDER'],
      colour: '#0b7285',
      intro: 'Send us your cardiology referrals.',
      url: `http://referrals.test/refer/${slug}`,
    });
    expect(await stored()).toEqual({
      enabled: true,
      sender_types: ['PROVIDER'],
      colour: '#0b7285',
      intro: 'Send us your cardiology referrals.',
    });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'establishment.update'), eq(auditLog.resource_id, clinic.id)))
      .orderBy(asc(auditLog.id));
    expect(audits.at(-1)).toMatchObject({ actor_id: holder.user.id, outcome: 'success' });
    expect(audits.at(-1)?.detail).toEqual({
      changed: expect.arrayContaining([
        'portal_enabled',
        'portal_sender_types',
        'portal_colour',
        'portal_intro',
      ]) as unknown,
    });
  });

  it('keeps the settings when a save leaves `portal` out, and each one it leaves out of `portal`', async () => {
    expect((await put({ description: 'Cardiology.' })).statusCode).toBe(200);
    const res = await put({ description: 'Cardiology.', portal: { colour: null, intro: '' } });
    expect(res.statusCode).toBe(200);
    expect(await stored()).toEqual({ enabled: true, sender_types: ['PROVIDER'], colour: null, intro: null });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'establishment.update'), eq(auditLog.resource_id, clinic.id)))
      .orderBy(asc(auditLog.id));
    expect(audits.at(-1)?.detail).toEqual({ changed: ['portal_colour', 'portal_intro'] });
  });

  it('answers 400 on the setting that is wrong, and saves nothing', async () => {
    const before = await stored();
    const none = await put({ portal: { sender_types: [] } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      portal: { sender_types: ['Choose who may send referrals through the portal.'] },
    });
    const colour = await put({ portal: { enabled: false, colour: 'teal' } });
    expect(colour.statusCode).toBe(400);
    expect(colour.json()).toEqual({ portal: { colour: [PORTAL_COLOUR_MESSAGE] } });
    const sender = await put({ portal: { sender_types: ['NURSE'] } });
    expect(sender.statusCode).toBe(400);
    expect(Object.keys(sender.json().portal as object)).toEqual(['sender_types']);
    const long = await put({ portal: { intro: 'x'.repeat(1001) } });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().portal as object)).toEqual(['intro']);
    expect(await stored()).toEqual(before);
  });

  it('refuses to switch on the portal of an establishment without a slug, which would have no address', async () => {
    const res = await put({ portal: { enabled: true, colour: '#1c7ed6' } }, noSlug.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ portal: { enabled: [PORTAL_NEEDS_SLUG_MESSAGE] } });
    expect(await stored(noSlug.id)).toMatchObject({ enabled: false, colour: null });
    // Its other settings may be prepared; it shows no address.
    const prepared = await put({ portal: { enabled: false, colour: '#1c7ed6' } }, noSlug.id);
    expect(prepared.statusCode).toBe(200);
    expect(prepared.json().portal).toMatchObject({ enabled: false, colour: '#1c7ed6', url: null });
  });

  it('refuses a new establishment with its portal on, since it has no slug yet', async () => {
    const count = async () => (await db().select().from(establishments)).length;
    const before = await count();
    const founder = await signedInPerson(t.app, db(), { user: { role: 'PM' } });
    const on = await founder.api(
      'POST',
      '/api/establishments/',
      establishmentBody({ name: 'Harbour Imaging', portal: { enabled: true } }),
    );
    expect(on.statusCode).toBe(400);
    expect(on.json()).toEqual({ portal: { enabled: [PORTAL_NEEDS_SLUG_MESSAGE] } });
    expect(await count()).toBe(before);
    const off = await founder.api(
      'POST',
      '/api/establishments/',
      establishmentBody({ name: 'Harbour Imaging', portal: { sender_types: ['PATIENT'] } }),
    );
    expect(off.statusCode).toBe(201);
    expect(off.json().portal).toEqual({
      enabled: false,
      sender_types: ['PATIENT'],
      colour: null,
      intro: null,
      url: null,
    });
  });

  it('shows the settings only to whoever can edit the establishment, and lets no one else change them', async () => {
    const read = await staff.api('GET', `/api/establishments/${clinic.id}/`);
    expect(read.json()).toMatchObject({ can_edit: false, portal: null });
    const listed = (await staff.api('GET', '/api/establishments/?type=CL&page_size=100')).json();
    const entry = listed.results.find((e: { id: string }) => e.id === clinic.id);
    expect(entry.portal).toBeNull();
    const before = await stored();
    const write = await put({ portal: { enabled: false } }, clinic.id, staff);
    expect(write.statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });
});
