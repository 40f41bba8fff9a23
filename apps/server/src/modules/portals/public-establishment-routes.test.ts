import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicPortalSchema } from '@referrals/domain/portals/portal-schemas';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createEstablishment, type Establishment } from '../../db/factories/factories.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { formTemplates } from '../../db/schema/referrals.ts';
import {
  establishmentBody,
  signedInPerson,
  type Person,
} from '../establishments/establishment-test-people.ts';

// A real 1x1 PNG, for the logo the portal shows.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('the public referral portal reads (docs/portals.md; spec section 7 Public)', () => {
  let t: TestApp;
  let clinic: Establishment;
  let off: Establishment;
  let waiting: Establishment;
  let holder: Person;
  const tag = randomUUID().slice(0, 8);
  const slug = `bayside-heart-${tag}`;
  const db = () => t.database.db;
  // Signed out: no Authorization header at all.
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const bySlug = (value: string) => get(`/api/public/establishments/?slug=${encodeURIComponent(value)}`);
  const template = (
    name: string,
    position: number,
    extra: Partial<typeof formTemplates.$inferInsert> = {},
  ) => ({
    establishment_id: clinic.id,
    name,
    title: name.replace('_', ' '),
    tmsv: '1.1',
    position,
    sections: [
      { title: 'Symptoms', fields: [{ name: 'chest_pain', title: 'Chest pain?', type: 'checkbox' }] },
    ],
    ...extra,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    clinic = await createEstablishment(db(), {
      name: 'Bayside Heart Clinic',
      type: 'CL',
      slug,
      address1: '12 Ocean Street',
      city: 'Bondi',
      state: 'NSW',
      postcode: '2026',
      phone1: '(02) 9300 1234',
      email: 'referrals@bayside-heart.example',
      description: 'Internal notes about the clinic.',
      intake_sender_domains: ['harbourside.example'],
      portal_enabled: true,
      portal_sender_types: ['PATIENT', 'PROVIDER'],
      portal_colour: '#0b7285',
      portal_intro: 'Send us your cardiology referrals.',
    });
    off = await createEstablishment(db(), { name: 'Harbour Imaging', slug: `harbour-${tag}` });
    waiting = await createEstablishment(db(), {
      name: 'New Heart Rooms',
      slug: `new-heart-${tag}`,
      is_approved: false,
      is_verified: false,
      portal_enabled: true,
    });
    holder = await signedInPerson(t.app, db(), {
      user: { role: 'PM' },
      at: clinic.id,
      employment: { is_account_holder: true },
    });
    await db()
      .insert(formTemplates)
      .values([
        template('mental_health', 2),
        template('cardiology_referral', 1),
        template('retired_form', 0, { is_active: false }),
        // A stored template that does not parse is left out rather than shown half-broken.
        template('broken_form', 3, { sections: [{ fields: 'not a list' }] }),
      ]);
  });
  afterAll(() => t.app.close());

  it('answers the portal by its slug, signed out, with only what its page shows', async () => {
    const res = await bySlug(slug);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      establishment: {
        id: clinic.id,
        name: 'Bayside Heart Clinic',
        type: 'CL',
        address1: '12 Ocean Street',
        city: 'Bondi',
        state: 'NSW',
        postcode: '2026',
        phone1: '(02) 9300 1234',
      },
      branding: { logo: null, colour: '#0b7285', intro: 'Send us your cardiology referrals.' },
      sender_types: ['PATIENT', 'PROVIDER'],
    });
    // Nothing internal: no email, notes, flags, domains or settings slip through.
    expect(res.body).not.toMatch(/referrals@|Internal notes|harbourside|is_approved|portal_|can_edit/);
  });

  it('answers the same portal by id, for the page that already knows it', async () => {
    const res = await get(`/api/public/establishments/${clinic.id}/branding/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual((await bySlug(slug)).json());
    expect(PublicPortalSchema.safeParse(res.json()).success).toBe(true);
  });

  it('gives the logo as a public address anyone can fetch', async () => {
    const boundary = '----portal-logo-boundary';
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/establishments/${clinic.id}/branding-logo/`,
      headers: {
        authorization: `Bearer ${holder.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBe(202);
    const logo = (await bySlug(slug)).json().branding.logo as string;
    expect(logo).toBe(upload.json().url);
    const image = await get(logo);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lists the active form templates in position order, leaving out retired and unreadable ones', async () => {
    const res = await get(`/api/public/establishments/${clinic.id}/form-templates/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((form: { name: string }) => form.name)).toEqual([
      'cardiology_referral',
      'mental_health',
    ]);
    expect(res.json()[0]).toEqual({
      id: expect.any(String) as unknown,
      name: 'cardiology_referral',
      title: 'cardiology referral',
      tmsv: '1.1',
      position: 1,
      sections: [
        { title: 'Symptoms', fields: [{ name: 'chest_pain', title: 'Chest pain?', type: 'checkbox' }] },
      ],
    });
  });

  it('answers 404 for an unknown slug, a portal switched off and an establishment waiting for approval', async () => {
    for (const value of [`nowhere-${tag}`, off.slug ?? '', waiting.slug ?? '']) {
      const res = await bySlug(value);
      expect(res.statusCode, value).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    for (const id of [off.id, waiting.id, randomUUID()]) {
      for (const part of ['branding', 'form-templates']) {
        const res = await get(`/api/public/establishments/${id}/${part}/`);
        expect(res.statusCode, `${id} ${part}`).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.' });
      }
    }
    expect((await get('/api/public/establishments/not-an-id/branding/')).statusCode).toBe(400);
  });

  it('closes every public read as soon as its editor switches the portal off, and opens them again', async () => {
    const save = (enabled: boolean) =>
      holder.api(
        'PUT',
        `/api/establishments/${clinic.id}/`,
        establishmentBody({ name: 'Bayside Heart Clinic', portal: { enabled } }),
      );
    expect((await save(false)).statusCode).toBe(200);
    expect((await bySlug(slug)).statusCode).toBe(404);
    expect((await get(`/api/public/establishments/${clinic.id}/branding/`)).statusCode).toBe(404);
    expect((await get(`/api/public/establishments/${clinic.id}/form-templates/`)).statusCode).toBe(404);
    expect((await save(true)).statusCode).toBe(200);
    expect((await bySlug(slug)).statusCode).toBe(200);
  });

  it('keeps the public list a page without a slug, and answers only the portal with one', async () => {
    const page = await get(
      `/api/public/establishments/?type=CL&keyword=${encodeURIComponent('Bayside Heart')}`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ count: expect.any(Number) as unknown, next: null, previous: null });
    expect(page.json().results.map((e: { id: string }) => e.id)).toContain(clinic.id);
    // The other filters do not narrow a portal asked for by slug.
    const withFilters = await get(`/api/public/establishments/?slug=${slug}&type=HL&page=3`);
    expect(withFilters.json().establishment.id).toBe(clinic.id);
    expect((await get('/api/public/establishments/?slug=')).statusCode).toBe(400);
  });

  it('reads a portal that has no slug any more as none at all', async () => {
    await db().update(establishments).set({ slug: null }).where(eq(establishments.id, clinic.id));
    try {
      expect((await get(`/api/public/establishments/${clinic.id}/branding/`)).statusCode).toBe(404);
    } finally {
      await db().update(establishments).set({ slug }).where(eq(establishments.id, clinic.id));
    }
  });
});
