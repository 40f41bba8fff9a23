import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEstablishment, type Establishment } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from './establishment-test-people.ts';

// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(content: Buffer) {
  const boundary = '----referrals-logo-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('the establishment branding logo', () => {
  let t: TestApp;
  let practice: Establishment;
  let holder: Person;
  let staff: Person;
  let stranger: Person;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-logos-'));
  const uploads = () => {
    try {
      return readdirSync(path.join(dataDir, 'uploads'));
    } catch {
      return [];
    }
  };
  const db = () => t.database.db;
  const logoPath = (id = practice.id) => `/api/establishments/${id}/branding-logo/`;

  beforeAll(async () => {
    t = await buildTestApp({ DATA_DIR: dataDir });
    practice = await createEstablishment(db(), { name: 'Harbourside Family Medical Practice' });
    const other = await createEstablishment(db(), { name: 'North Shore Heart Clinic', type: 'CL' });
    holder = await signedInPerson(t.app, db(), { at: practice.id, employment: { is_account_holder: true } });
    staff = await signedInPerson(t.app, db(), { at: practice.id });
    stranger = await signedInPerson(t.app, db(), { at: other.id, employment: { is_account_holder: true } });
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async (who: Person, content: Buffer, id = practice.id) => {
    const body = multipart(content);
    return t.app.inject({
      method: 'POST',
      url: logoPath(id),
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${who.token}` },
    });
  };

  it('the account holder uploads a logo (202); anyone can then fetch it, cacheable, as the image it is', async () => {
    const res = await upload(holder, PNG);
    expect(res.statusCode).toBe(202);
    const url = res.json().url as string;
    expect(url).toMatch(new RegExp(`^/api/public/establishments/${practice.id}/branding-logo/\\?v=`));
    expect((await staff.api('GET', `/api/establishments/${practice.id}/`)).json().branding.logo).toBe(url);
    const publicList = await t.app.inject({ method: 'GET', url: '/api/public/establishments/?type=PR' });
    expect(publicList.json().results[0].branding.logo).toBe(url);
    // Staff see it in the top bar: the profile's employment carries it.
    const profile = (await staff.api('GET', '/api/profile/')).json();
    const here = profile.employments.find(
      (e: { establishment: { id: string } }) => e.establishment.id === practice.id,
    );
    expect(here.establishment.branding_logo).toBe(url);

    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('public, max-age=86400');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'establishment.branding-logo.upload'), eq(auditLog.resource_id, practice.id)),
      );
    expect(audit?.actor_id).toBe(holder.user.id);
  });

  it('replaces the old file on a new upload', async () => {
    const before = uploads();
    expect((await upload(holder, PNG)).statusCode).toBe(202);
    expect(uploads()).toHaveLength(before.length);
    expect(uploads()).not.toEqual(before);
  });

  it('refuses what is not an image, and anything over 5 MB (413), keeping no file', async () => {
    const before = uploads();
    const fake = await upload(holder, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().file[0]).toMatch(/not accepted/);
    const huge = await upload(holder, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ file: ['The file is larger than 5 MB.'] });
    const notMultipart = await holder.api('POST', logoPath(), { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    expect(uploads()).toEqual(before);
  });

  it('staff and users of another establishment get 404 for uploads and removals, and nothing changes', async () => {
    const before = uploads();
    const logo = (await holder.api('GET', `/api/establishments/${practice.id}/`)).json().branding.logo;
    for (const who of [staff, stranger]) {
      const res = await upload(who, PNG);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
      expect((await who.api('DELETE', logoPath())).statusCode).toBe(404);
    }
    expect(uploads()).toEqual(before);
    expect((await holder.api('GET', `/api/establishments/${practice.id}/`)).json().branding.logo).toBe(logo);
  });

  it('the account holder removes it (204); then the public address and a second removal are 404', async () => {
    const removed = await holder.api('DELETE', logoPath());
    expect(removed.statusCode).toBe(204);
    expect(uploads()).toEqual([]);
    const publicLogo = `/api/public/establishments/${practice.id}/branding-logo/`;
    expect((await t.app.inject({ method: 'GET', url: publicLogo })).statusCode).toBe(404);
    expect((await holder.api('DELETE', logoPath())).statusCode).toBe(404);
    expect((await holder.api('GET', `/api/establishments/${practice.id}/`)).json().branding.logo).toBeNull();
    const audits = await db()
      .select()
      .from(auditLog)
      .where(
        and(like(auditLog.action, 'establishment.branding-logo.%'), eq(auditLog.resource_id, practice.id)),
      );
    expect(audits.map((a) => a.action).sort()).toEqual([
      'establishment.branding-logo.remove',
      'establishment.branding-logo.upload',
      'establishment.branding-logo.upload',
    ]);
  });

  it('answers 404 for an establishment that does not exist', async () => {
    const url = `/api/public/establishments/${randomUUID()}/branding-logo/`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await upload(holder, PNG, randomUUID())).statusCode).toBe(404);
  });
});
