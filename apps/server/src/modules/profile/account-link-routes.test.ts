import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_ORGANISATION_EMAIL_MESSAGE } from '@referrals/domain/profile/health-organisations';
import { createUser } from '../../db/factories/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { readMailbox } from '../../../test/mailbox.ts';
import { signedInAs } from '../../../test/sign-in-client.ts';
import { hashPassword } from '../auth/passwords.ts';

const PASSWORD = 'link-test-password';

describe('linking a secondary account with an emailed code', () => {
  let t: TestApp;
  let api: Awaited<ReturnType<typeof signedInAs>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-link-'));
  const codeSentTo = async (address: string) => {
    const mail = (await readMailbox(t.app)).filter((m) => m.to.includes(address)).at(-1);
    return /The code is (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
  };
  beforeAll(async () => {
    t = await buildTestApp({ DATA_DIR: dataDir });
    const user = await createUser(t.database.db, { password_hash: await hashPassword(PASSWORD) });
    api = await signedInAs(t.app, user.email, PASSWORD);
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('emails a 6-digit code to the other address and links it when the code comes back', async () => {
    const sent = await api('POST', '/api/profile/link-secondary-account/', {
      email: 'Dr.Mitchell@SESLHD.Health.NSW.gov.au',
    });
    expect(sent.statusCode).toBe(202);
    const code = await codeSentTo('dr.mitchell@seslhd.health.nsw.gov.au');
    expect(code).toMatch(/^\d{6}$/);
    const linked = await api('POST', '/api/profile/link-secondary-account/verify/', { otp: code });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().linked_account).toBe('dr.mitchell@seslhd.health.nsw.gov.au');
    // The code was spent.
    expect((await api('POST', '/api/profile/link-secondary-account/verify/', { otp: code })).statusCode).toBe(
      400,
    );
  });

  it('refuses a wrong code, its own address and a bad address', async () => {
    const wrong = await api('POST', '/api/profile/link-secondary-account/verify/', { otp: '12345' });
    expect(wrong.json()).toEqual({ otp: ['That code is not right or has expired. Ask for a new one.'] });
    expect(
      (await api('POST', '/api/profile/link-secondary-account/', { email: 'not-an-address' })).statusCode,
    ).toBe(400);
  });

  it("refuses an address that is not a health organisation's, sending no code", async () => {
    const refused = await api('POST', '/api/profile/link-secondary-account/', {
      email: 'dr.mitchell@hospital.example',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ email: [HEALTH_ORGANISATION_EMAIL_MESSAGE] });
    expect(await codeSentTo('dr.mitchell@hospital.example')).toBe('');
  });

  it('stops guessing after a few tries (429)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        (await api('POST', '/api/profile/link-secondary-account/verify/', { otp: '000000' })).statusCode,
      );
    }
    expect(answers.at(-1)).toBe(429);
  });
});
