import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema } from '@referrals/domain/api';
import type { Database } from '../../../db/database.ts';
import { throttled } from '../../../http/api-errors.ts';
import { hitBucket } from '../../rate-limits/rate-limit-buckets.ts';
import { captchaSecret, issueCaptchaChallenge } from './captcha.ts';

/**
 * Challenges per address: a page asks for one per form and again when one expires, so a front desk behind
 * one address stays far below this; a script collecting challenges to solve in bulk does not.
 */
export const CHALLENGES_PER_ADDRESS = { capacity: 60, drainMinutes: 60 };

async function challengeFor(db: Database, ip: string) {
  const hit = await hitBucket(db, `captcha:ip:${ip}`, CHALLENGES_PER_ADDRESS);
  if (!hit.allowed) throw throttled();
  return issueCaptchaChallenge(await captchaSecret(db));
}

/** ALTCHA's challenge as its widget fetches it (the widget's challengeurl): the parameters and their HMAC. */
const CaptchaChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});

/** The captcha of the public forms (captcha.ts): a challenge for the page's ALTCHA widget to solve. */
export const captchaRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  app.get(
    '/api/public/captcha/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['portals'],
        operationId: 'getCaptchaChallenge',
        summary: 'A captcha challenge for a public form (ALTCHA proof of work; no sign-in)',
        description:
          'A signed PBKDF2/SHA-256 challenge good for 10 minutes. The widget solves it and the form sends its ' +
          'base64 payload as `altcha`; each solved challenge is taken once. At most 60 an hour from one ' +
          'address (429 after).',
        response: { 200: CaptchaChallengeSchema, 429: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const { parameters, signature } = await challengeFor(db, request.ip);
      return reply.header('cache-control', 'no-store').send({ parameters: { ...parameters }, signature });
    },
  );
  done();
};
