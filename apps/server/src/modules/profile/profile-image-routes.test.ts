import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/factories/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { SignInClient } from '../../../test/sign-in-client.ts';
import { hashPassword } from '../auth/passwords.ts';

const PASSWORD = 'image-test-password';
// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(fileName: string, content: Buffer, contentType = 'image/png') {
  const boundary = '----referrals-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('profile avatar and signature images', () => {
  let t: TestApp;
  let token: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-uploads-'));
  const uploads = () => readdirSync(path.join(dataDir, 'uploads'));
  beforeAll(async () => {
    t = await buildTestApp({ DATA_DIR: dataDir });
    const user = await createUser(t.database.db, { password_hash: await hashPassword(PASSWORD) });
    token = String((await new SignInClient(t.app).signIn(user.email, PASSWORD)).json().access_token);
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (kind: string, fileName: string, content: Buffer, type?: string) => {
    const body = multipart(fileName, content, type);
    return t.app.inject({
      method: 'POST',
      url: `/api/profile/${kind}/`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
  };
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('accepts an avatar (202) and serves it back as an image that browsers will not re-interpret', async () => {
    const res = await upload('avatar-image', 'me.png', PNG);
    expect(res.statusCode).toBe(202);
    const profile = (await get('/api/profile/')).json();
    expect(profile.avatar_image).toBe(res.json().url);
    const image = await get(res.json().url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('replaces the old file when a new image is uploaded', async () => {
    const before = uploads();
    expect((await upload('avatar-image', 'again.png', PNG)).statusCode).toBe(202);
    expect(uploads()).toHaveLength(before.length);
    expect(uploads()).not.toEqual(before);
  });

  it('refuses a page dressed up as an image, whatever its name and claimed type', async () => {
    const res = await upload(
      'signature-image',
      'sig.png',
      Buffer.from('<html><script>alert(1)</script></html>'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().file[0]).toMatch(/not accepted/);
  });

  it('refuses a file over 5 MB with 413 and keeps none of it', async () => {
    const before = uploads();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload('signature-image', 'huge.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ file: ['The file is larger than 5 MB.'] });
    expect(uploads()).toEqual(before);
  });

  it('answers an upload cut off mid-body, or multipart without a boundary, with 400 and keeps nothing', async () => {
    const before = uploads();
    const whole = multipart('me.png', PNG);
    const send = (payload: Buffer, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/profile/avatar-image/',
        payload,
        headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      });
    const cut = await send(
      whole.payload.subarray(0, whole.payload.length - 20),
      whole.headers['content-type'],
    );
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ file: ['The upload ended early. Send the file again.'] });
    const unbounded = await send(whole.payload, 'multipart/form-data');
    expect(unbounded.statusCode).toBe(400);
    expect(unbounded.json()).toEqual({ file: ['Send the image as multipart/form-data.'] });
    expect(uploads()).toEqual(before);
  });

  it('removes an image (204), after which it is gone (404)', async () => {
    expect((await upload('signature-image', 'sig.png', PNG)).statusCode).toBe(202);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile/signature-image/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.statusCode).toBe(204);
    expect((await get('/api/profile/signature-image/')).statusCode).toBe(404);
    expect((await get('/api/profile/')).json().signature_image).toBeNull();
  });
});
