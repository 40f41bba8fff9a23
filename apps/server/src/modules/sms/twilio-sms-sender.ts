import type { FastifyBaseLogger } from 'fastify';
import type { SmsGatewaySettings } from '../../config.ts';
import type { SmsSender } from './sms-sender.ts';

/** Longest a request to the gateway may take: a job round waits on it, and a timed-out send is retried. */
const GATEWAY_TIMEOUT_MS = 15_000;

/** A refused or failed send. `code` is what the job runner logs (the message stays in the jobs table). */
export class SmsGatewayError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

type TwilioAnswer = { sid?: unknown; code?: unknown; message?: unknown };

/**
 * Twilio's Messages API: POST {url}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From
 * (or MessagingServiceSid) and Body, HTTP basic auth with the Account SID and auth token; 201 answers the
 * message's JSON with its `sid`, a failure `{code, message, status}`. Any failure throws, so the job runner
 * retries it (a 429 or 5xx is worth retrying; a 4xx usually means the settings need fixing, which a retry
 * after a restart then picks up).
 */
export function createTwilioSmsSender(settings: SmsGatewaySettings, log: FastifyBaseLogger): SmsSender {
  const endpoint = `${settings.url}/2010-04-01/Accounts/${encodeURIComponent(settings.account)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.account}:${settings.token}`).toString('base64')}`;
  const sender: Record<string, string> = /^MG[0-9a-f]{32}$/i.test(settings.from)
    ? { MessagingServiceSid: settings.from }
    : { From: settings.from };
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: message.to, ...sender, Body: message.body }),
          signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: unknown } }).cause;
        const code = typeof cause?.code === 'string' ? cause.code : (error as Error).name;
        throw new SmsGatewayError(`the SMS gateway could not be reached (${code})`, code);
      }
      const answer = (await response.json().catch(() => ({}))) as TwilioAnswer;
      if (!response.ok) {
        const detail =
          typeof answer.code === 'number' || typeof answer.code === 'string'
            ? `: error ${String(answer.code)}, ${String(answer.message)}`
            : '';
        throw new SmsGatewayError(
          `the SMS gateway answered ${response.status}${detail}`,
          `HTTP_${response.status}`,
        );
      }
      // Accepted is accepted: throwing now would send the message again on the retry.
      const id = typeof answer.sid === 'string' ? answer.sid : `http-${response.status}`;
      log.info({ sid: id }, 'text message sent');
      return { id };
    },
  };
}
