import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HealthNetworkSchema,
  NetworkServicePageSchema,
  PublicBrandingSchema,
  PublicNetworkPortalSchema,
} from '@referrals/domain/portals/health-network-schemas';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { createEstablishment } from '../../../db/factories/factories.ts';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { healthNetworks } from '../../../db/schema/portals.ts';
import { signedInPerson, type Person } from '../../establishments/establishment-test-people.ts';
import { CODE_TAKEN, HOST_TAKEN, SLUG_TAKEN } from './save-health-network.ts';

// A real 1x1 PNG, for the network's logo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(content: Buffer, filename = 'logo.png') {
  const boundary = '----referrals-network-logo';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('health network portals (docs/portals.md, Health network portals; spec section 7 Public)', () => {
  let t: TestApp;
  let admin: Person;
  let manager: Person;
  const tag = randomUUID().slice(0, 8).toUpperCase();
  const code = `NSH_${tag}`;
  const slug = `north-shore-health-${tag.toLowerCase()}`;
  const host = `refer-${tag.toLowerCase()}.northshorehealth.example`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-networks-'));
  const db = () => t.database.db;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const body = (overrides: Record<string, unknown> = {}) => ({
    code,
    name: 'North Shore Health',
    slug,
    host,
    portal: {
      enabled: true,
      sender_types: ['PATIENT', 'PROVIDER'],
      colour: '#5F3DC4',
      intro: 'Refer to any of our services.',
    },
    ...overrides,
  });
  const place = (name: string, extra: Parameters<typeof createEstablishment>[1] = {}) =>
    createEstablishment(db(), {
      name,
      type: 'CL',
      slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${tag.toLowerCase()}`,
      health_organisation_network: code,
      portal_enabled: true,
      portal_sender_types: ['PATIENT', 'PROVIDER'],
      city: 'St Leonards',
      ...extra,
    });

  beforeAll(async () => {
    t = await buildTestApp({ DATA_DIR: dataDir });
    admin = await signedInPerson(t.app, db(), { user: { role: 'PM', is_platform_admin: true } });
    const practice = await createEstablishment(db(), { name: 'Harbourside Family Medical Practice' });
    manager = await signedInPerson(t.app, db(), {
      user: { role: 'PM' },
      at: practice.id,
      employment: { is_account_holder: true },
    });
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a platform administrator adds a network with its portal, audited; anyone else gets 403 and nothing is saved', async () => {
    const refused = await manager.api('POST', '/api/platform/health-networks/', body());
    expect(refused.statusCode).toBe(403);
    expect(await db().select().from(healthNetworks).where(eq(healthNetworks.code, code))).toEqual([]);

    const res = await admin.api('POST', '/api/platform/health-networks/', body());
    expect(res.statusCode).toBe(201);
    const network = HealthNetworkSchema.parse(res.json());
    expect(network).toMatchObject({
      code,
      slug,
      host,
      logo: null,
      establishment_count: 0,
      published_count: 0,
      portal: { enabled: true, colour: '#5f3dc4', url: `${t.app.config.publicUrl}/refer/${slug}` },
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, network.id), eq(auditLog.action, 'health-network.create')));
    expect(audit).toHaveLength(1);
    expect((await manager.api('GET', '/api/platform/health-networks/')).statusCode).toBe(403);
    const listed = await admin.api('GET', `/api/platform/health-networks/?keyword=${code}`);
    expect(listed.json().results.map((entry: { id: string }) => entry.id)).toEqual([network.id]);
  });

  it('refuses a taken code, slug (a network’s or a clinic’s) or host, and a malformed one, as 400s on the field', async () => {
    const clinic = await place('Taken Slug Clinic', { health_organisation_network: null });
    const taken = await admin.api(
      'POST',
      '/api/platform/health-networks/',
      body({ name: 'Another', code: code, slug, host }),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ code: [CODE_TAKEN], slug: [SLUG_TAKEN], host: [HOST_TAKEN] });
    const clinicSlug = await admin.api(
      'POST',
      '/api/platform/health-networks/',
      body({ code: `X${tag}`, slug: clinic.slug, host: null }),
    );
    expect(clinicSlug.json()).toEqual({ slug: [SLUG_TAKEN] });
    const malformed = await admin.api(
      'POST',
      '/api/platform/health-networks/',
      body({ code: 'has space', slug: 'Not A Slug!', host: 'https://x.example/path' }),
    );
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json()).sort()).toEqual(['code', 'host', 'slug']);
    expect(await db().select().from(healthNetworks).where(eq(healthNetworks.name, 'Another'))).toEqual([]);
  });

  it('publishes the portal by slug, id and host, with its branding and logo; switched off, every read is the 404 of a missing one', async () => {
    const [row] = await db().select().from(healthNetworks).where(eq(healthNetworks.code, code));
    const id = row?.id ?? '';
    const logo = multipart(PNG);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/platform/health-networks/${id}/logo/`,
      payload: logo.payload,
      headers: { ...logo.headers, authorization: `Bearer ${admin.token}` },
    });
    expect(uploaded.statusCode).toBe(202);
    const logoUrl = uploaded.json().url as string;
    const image = await get(logoUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const expected = {
      network: { id, name: 'North Shore Health', slug },
      branding: { logo: logoUrl, colour: '#5f3dc4', intro: 'Refer to any of our services.' },
      sender_types: ['PATIENT', 'PROVIDER'],
    };
    for (const url of [
      `/api/public/organisations/?slug=${slug}`,
      `/api/public/organisations/${id}/`,
      `/api/public/health-network/${host.toUpperCase()}/`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(PublicNetworkPortalSchema.parse(res.json())).toEqual(expected);
    }
    const branding = PublicBrandingSchema.parse(
      (await get(`/api/public/organisation/${id}/branding/`)).json(),
    );
    expect(branding).toEqual({
      id,
      kind: 'health_network',
      name: 'North Shore Health',
      ...expected.branding,
    });
    expect((await get(`/api/public/branding/${id}/`)).json()).toEqual(branding);

    const off = await admin.api(
      'PUT',
      `/api/platform/health-networks/${id}/`,
      body({ portal: { enabled: false } }),
    );
    expect(off.statusCode).toBe(200);
    expect(off.json().portal).toMatchObject({ enabled: false, colour: '#5f3dc4' });
    const missing = await get(`/api/public/organisations/${randomUUID()}/`);
    expect(missing.statusCode).toBe(404);
    for (const url of [
      `/api/public/organisations/?slug=${slug}`,
      `/api/public/organisations/${id}/`,
      `/api/public/health-network/${host}/`,
      `/api/public/organisation/${id}/branding/`,
      `/api/public/branding/${id}/`,
      `/api/public/organisations/${id}/establishments/`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toBe(missing.body);
    }
    await admin.api('PUT', `/api/platform/health-networks/${id}/`, body({ portal: { enabled: true } }));
  });

  it('lists the services a sender may choose: the network’s published portals that take them, by name, paged and searchable', async () => {
    const [row] = await db().select().from(healthNetworks).where(eq(healthNetworks.code, code));
    const id = row?.id ?? '';
    const cardiology = await place('Cardiology Clinic');
    await place('Physiotherapy Clinic', { portal_sender_types: ['PROVIDER'], city: 'Chatswood' });
    await place('Closed Portal Clinic', { portal_enabled: false });
    await place('Waiting Clinic', { is_approved: false });
    const elsewhere = await place('Elsewhere Clinic', { health_organisation_network: `OTHER_${tag}` });
    // The network takes patients only: a service taking professionals only is not offered.
    await admin.api(
      'PUT',
      `/api/platform/health-networks/${id}/`,
      body({ portal: { sender_types: ['PATIENT'] } }),
    );
    const names = async (query = '') => {
      const res = await get(`/api/public/organisations/${id}/establishments/${query}`);
      expect(res.statusCode).toBe(200);
      return NetworkServicePageSchema.parse(res.json()).results.map((s) => [
        s.establishment.name,
        s.sender_types,
      ]);
    };
    expect(await names()).toEqual([['Cardiology Clinic', ['PATIENT']]]);

    await admin.api('PUT', `/api/platform/health-networks/${id}/`, body());
    expect(await names()).toEqual([
      ['Cardiology Clinic', ['PATIENT', 'PROVIDER']],
      ['Physiotherapy Clinic', ['PROVIDER']],
    ]);
    expect(await names('?keyword=chatswood')).toEqual([['Physiotherapy Clinic', ['PROVIDER']]]);
    expect(await names('?sender_type=PATIENT')).toEqual([['Cardiology Clinic', ['PATIENT', 'PROVIDER']]]);
    // The one a sender chose, by id; a clinic outside the network is not one of its services.
    expect(await names(`?establishment=${cardiology.id}`)).toEqual([
      ['Cardiology Clinic', ['PATIENT', 'PROVIDER']],
    ]);
    expect(await names(`?establishment=${elsewhere.id}`)).toEqual([]);
    const page = await get(`/api/public/organisations/${id}/establishments/?page_size=1`);
    expect(page.json()).toMatchObject({ count: 2, previous: null });
    expect(page.json().next).toContain('page=2');

    const counted = await admin.api('GET', `/api/platform/health-networks/${id}/`);
    expect(counted.json()).toMatchObject({ establishment_count: 4, published_count: 2 });

    // A service's own portal and templates, as the page opens them once chosen.
    const templates = await get(`/api/public/form-templates/?establishment=${cardiology.id}`);
    expect(templates.statusCode).toBe(200);
    expect(templates.json()).toEqual([]);
    expect((await get(`/api/public/branding/${cardiology.id}/`)).json()).toMatchObject({
      kind: 'establishment',
      name: 'Cardiology Clinic',
    });
  });

  it('replaces and removes the logo, leaving no file behind', async () => {
    const [row] = await db().select().from(healthNetworks).where(eq(healthNetworks.code, code));
    const id = row?.id ?? '';
    const before = readdirSync(path.join(dataDir, 'uploads')).length;
    const logo = multipart(PNG);
    await t.app.inject({
      method: 'POST',
      url: `/api/platform/health-networks/${id}/logo/`,
      payload: logo.payload,
      headers: { ...logo.headers, authorization: `Bearer ${admin.token}` },
    });
    expect(readdirSync(path.join(dataDir, 'uploads'))).toHaveLength(before);
    const text = multipart(Buffer.from('not an image'), 'logo.txt');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/platform/health-networks/${id}/logo/`,
      payload: text.payload,
      headers: { ...text.headers, authorization: `Bearer ${admin.token}` },
    });
    expect(refused.statusCode).toBe(400);
    expect(readdirSync(path.join(dataDir, 'uploads'))).toHaveLength(before);
    expect((await admin.api('DELETE', `/api/platform/health-networks/${id}/logo/`)).statusCode).toBe(204);
    expect(readdirSync(path.join(dataDir, 'uploads'))).toHaveLength(before - 1);
    expect((await get(`/api/public/organisation/${id}/logo/`)).statusCode).toBe(404);
    expect((await admin.api('DELETE', `/api/platform/health-networks/${id}/logo/`)).statusCode).toBe(404);
  });
});
