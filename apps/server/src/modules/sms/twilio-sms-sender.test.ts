import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { loadConfig, type SmsGatewaySettings } from '../../config.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { patients } from '../../db/schema/patients.ts';
import { insertReferral } from '../referrals/actions/referral-action-test-setup.ts';
import { referralParties } from '../referrals/referral-test-parties.ts';
import { SMS_SEND } from './sms-delivery.ts';
import { recordingLog } from './sms-test-support.ts';
import { SmsGatewayError, createTwilioSmsSender } from './twilio-sms-sender.ts';

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'tw-secret-auth-token-0123456789';
const FROM = '+61480000000';
const MESSAGES_PATH = `/2010-04-01/Accounts/${ACCOUNT}/Messages.json`;

type Received = {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  form: URLSearchParams;
};

/**
 * A stand-in for Twilio's Messages API on a local port, speaking its protocol: basic auth with the Account SID
 * and auth token, a form-encoded POST, 201 with the message's JSON, or an error JSON with Twilio's codes. It
 * answers the statuses in `refusals` first, one each, as a busy gateway does.
 */
function twilioServer() {
  const received: Received[] = [];
  const state = { refusals: [] as number[], sent: 0 };
  const answer = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        contentType: req.headers['content-type'] ?? '',
        form,
      });
      const refusal = state.refusals.shift();
      if (refusal === 429)
        return answer(res, 429, {
          code: 20429,
          message: 'Too Many Requests',
          more_info: 'https://www.twilio.com/docs/errors/20429',
          status: 429,
        });
      if (refusal !== undefined)
        return answer(res, refusal, {
          code: 20500,
          message: 'Internal Server Error',
          more_info: 'https://www.twilio.com/docs/errors/20500',
          status: refusal,
        });
      if (req.headers.authorization !== `Basic ${Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64')}`)
        return answer(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
      if (!form.get('To')?.startsWith('+614'))
        return answer(res, 400, {
          code: 21211,
          message: `The 'To' number ${form.get('To')} is not a valid phone number.`,
          status: 400,
        });
      state.sent++;
      const sid = `SM${String(state.sent).padStart(32, '0')}`;
      answer(res, 201, {
        account_sid: ACCOUNT,
        api_version: '2010-04-01',
        body: form.get('Body'),
        direction: 'outbound-api',
        from: form.get('From'),
        messaging_service_sid: form.get('MessagingServiceSid'),
        num_segments: '1',
        sid,
        status: 'queued',
        to: form.get('To'),
        uri: `/2010-04-01/Accounts/${ACCOUNT}/Messages/${sid}.json`,
      });
    });
  });
  return { server, received, state };
}

describe('the Twilio gateway (issue 25, SMS)', () => {
  const twilio = twilioServer();
  let url: string;
  const settings = (overrides: Record<string, string> = {}): SmsGatewaySettings => {
    const gateway = loadConfig({
      SMS_GATEWAY: 'twilio',
      SMS_GATEWAY_URL: url,
      SMS_ACCOUNT: ACCOUNT,
      SMS_TOKEN: TOKEN,
      SMS_FROM: FROM,
      ...overrides,
    }).smsGateway;
    if (!gateway) throw new Error('no gateway configured');
    return gateway;
  };
  beforeAll(async () => {
    await new Promise<void>((resolve) => twilio.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(twilio.server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => twilio.server.close(() => resolve())));

  it('posts the form to the account’s Messages resource with basic auth, and answers the message’s sid', async () => {
    const { log, lines } = recordingLog();
    const before = twilio.received.length;
    const sent = await createTwilioSmsSender(settings(), log).send({
      to: '+61412345678',
      body: 'Booked: 1 Dec.',
    });
    expect(sent.id).toMatch(/^SM\d{32}$/);
    const [request] = twilio.received.slice(before);
    expect(request).toMatchObject({
      method: 'POST',
      path: MESSAGES_PATH,
      authorization: `Basic ${Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64')}`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+61412345678',
      From: FROM,
      Body: 'Booked: 1 Dec.',
    });
    expect(JSON.stringify(lines)).toContain(sent.id);
    expect(JSON.stringify(lines)).not.toMatch(/412345678|Booked|tw-secret/);
  });

  it('sends through a Messaging Service when SMS_FROM names one', async () => {
    const service = `MG${'ab'.repeat(16)}`;
    const before = twilio.received.length;
    await createTwilioSmsSender(settings({ SMS_FROM: service }), recordingLog().log).send({
      to: '+61412345678',
      body: 'x',
    });
    expect(Object.fromEntries(twilio.received[before]?.form ?? [])).toEqual({
      To: '+61412345678',
      MessagingServiceSid: service,
      Body: 'x',
    });
  });

  it('throws a refusal with its status as the code, and an unreachable gateway with the network’s', async () => {
    const sender = createTwilioSmsSender(settings({ SMS_TOKEN: 'wrong-token' }), recordingLog().log);
    const refused = await sender.send({ to: '+61412345678', body: 'x' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SmsGatewayError);
    expect(refused).toMatchObject({
      code: 'HTTP_401',
      message: 'the SMS gateway answered 401: error 20003, Authenticate',
    });
    expect(String((refused as Error).message)).not.toContain('wrong-token');

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createTwilioSmsSender(
      settings({ SMS_GATEWAY_URL: `http://127.0.0.1:${port}` }),
      recordingLog().log,
    );
    await expect(unreachable.send({ to: '+61412345678', body: 'x' })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });

  describe('in the app, when the gateway is busy', () => {
    let t: TestApp;
    const logged: string[] = [];
    beforeAll(async () => {
      t = await buildTestApp(
        {
          LOG_LEVEL: 'info',
          SMS_GATEWAY: 'twilio',
          SMS_GATEWAY_URL: url,
          SMS_ACCOUNT: ACCOUNT,
          SMS_TOKEN: TOKEN,
          SMS_FROM: FROM,
        },
        {
          jobs: { pollMs: 50, firstRetryDelayMs: 100, maxRetryDelayMs: 400 },
          logTo: { write: (line) => void logged.push(line) },
        },
      );
    });
    afterAll(() => t.app.close());

    it('retries a text the gateway refuses with 500 and 429, and delivers it exactly once', async () => {
      const p = await referralParties(t.app, t.database.db);
      await t.database.db
        .update(patients)
        .set({ phone: '0412 345 678' })
        .where(eq(patients.id, p.patient.id));
      await t.database.db
        .update(establishments)
        .set({ sms_enabled: true, state: 'NSW' })
        .where(eq(establishments.id, p.clinic.id));
      const referral = await insertReferral(t.database.db, p, { status: 'ACPT' });
      const before = twilio.received.length;
      const sentBefore = twilio.state.sent;
      twilio.state.refusals = [500, 429];

      const booked = await p.specialist.api('PUT', `/api/referrals/${referral.id}/schedule/`, {
        appointment_date: '2026-12-01T09:30:00+11:00',
      });
      expect(booked.statusCode).toBe(200);
      const smsJob = async () => (await t.database.db.select().from(jobs).where(eq(jobs.kind, SMS_SEND)))[0];
      await vi.waitFor(async () => expect((await smsJob())?.outcome).toBe('done'), {
        timeout: 10_000,
        interval: 50,
      });

      const requests = twilio.received.slice(before);
      expect(requests).toHaveLength(3);
      expect(twilio.state.sent).toBe(sentBefore + 1);
      for (const request of requests) {
        expect(request.path).toBe(MESSAGES_PATH);
        expect(request.form.get('To')).toBe('+61412345678');
        expect(request.form.get('Body')).toMatch(
          /^Northside Cardiology has booked your appointment: 1 Dec 2026, 9:30 am AEDT\./,
        );
      }
      const job = await smsJob();
      expect(job).toMatchObject({ attempts: 3, outcome: 'done' });
      // Sent, the job keeps the gateway's id and neither the number nor the text.
      expect(job?.payload).toEqual({ sent_id: `SM${String(sentBefore + 1).padStart(32, '0')}` });
      expect(logged.join('\n')).toContain('job failed; it will be retried');
      expect(logged.join('\n')).toContain('"code":"HTTP_429"');
      expect(logged.join('\n')).not.toMatch(/412345678|Northside Cardiology has|tw-secret/);

      // Nothing arrives twice, even after the runner has polled a while longer.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(twilio.received.slice(before)).toHaveLength(3);
    });
  });
});
