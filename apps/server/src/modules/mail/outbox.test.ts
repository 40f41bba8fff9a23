import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { readMailFiles } from '../../../test/mailbox.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { createOutbox } from './outbox.ts';
import { renderMail } from './render-mail.ts';

describe('the outbox', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-mail-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('without SMTP_URL writes each message as an .eml file in DATA_DIR/mail, in sending order, and logs no address', async () => {
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    const config = loadConfig({ DATA_DIR: dataDir });
    const outbox = createOutbox(config, log);
    for (const n of [1, 2, 3])
      await outbox.send({
        to: 'sam.nguyen@clinic.example',
        subject: `Message ${n}`,
        ...renderMail({
          greeting: 'Hello Sam,',
          paragraphs: ['A test.'],
          action: { label: 'Open', url: `http://referrals.test/x?n=${n}` },
        }),
      });
    outbox.close();

    const files = await readdir(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(3);
    const mails = await readMailFiles(dataDir);
    expect(mails.map((m) => m.subject)).toEqual(['Message 1', 'Message 2', 'Message 3']);
    expect(mails[0]).toMatchObject({ to: 'sam.nguyen@clinic.example' });
    expect(mails[0]?.text).toContain('Open: http://referrals.test/x?n=1');
    expect(mails[0]?.html).toContain('href="http://referrals.test/x?n=1"');
    expect(logged).toHaveLength(3);
    expect(JSON.stringify(logged)).not.toContain('sam.nguyen');
  });

  it('sends from MAIL_FROM', async () => {
    const outbox = createOutbox(
      loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'Clinic <mail@clinic.example>' }),
      {
        info: () => undefined,
      } as unknown as FastifyBaseLogger,
    );
    await outbox.send({ to: 'a@b.example', subject: 'From check', text: 'x', html: '<p>x</p>' });
    const mails = await readMailFiles(dataDir);
    const file = mails.find((m) => m.subject === 'From check')?.file ?? '';
    expect(await readFile(path.join(dataDir, 'mail', file), 'utf8')).toMatch(
      /^From: Clinic <mail@clinic\.example>$/m,
    );
  });

  it('takes the mail settings, and refuses a bad SMTP_URL or MAIL_FROM at start-up', () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Referrals <no-reply@referrals.example>',
    });
    expect(loadConfig({ SMTP_URL: 'smtps://user:secret@smtp.example:465' }).smtpUrl).toBe(
      'smtps://user:secret@smtp.example:465',
    );
    let error: unknown;
    try {
      loadConfig({ SMTP_URL: 'http://smtp.example', MAIL_FROM: 'nobody' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      expect.stringMatching(/^SMTP_URL: /),
      expect.stringMatching(/^MAIL_FROM: /),
    ]);
  });
});
