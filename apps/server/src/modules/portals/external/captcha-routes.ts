import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { captchaSecret, issueCaptchaChallenge } from './captcha.ts';

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
          'base64 payload as `altcha`; each solved challenge is taken once.',
        response: { 200: CaptchaChallengeSchema },
      },
    },
    async (_request, reply) => {
      const { parameters, signature } = await issueCaptchaChallenge(await captchaSecret(db));
      return reply.header('cache-control', 'no-store').send({ parameters: { ...parameters }, signature });
    },
  );
  done();
};
