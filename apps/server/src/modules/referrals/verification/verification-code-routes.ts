import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ReferralConflictSchema } from '@referrals/domain/referrals/referral-schemas';
import {
  VERIFICATION_CODE_PERIOD_SECONDS,
  VerificationCodeSchema,
} from '@referrals/domain/referrals/verification-code';
import { SIGNED_IN_ERROR_RESPONSES } from '../../../http/error-responses.ts';
import { ReferralIdParamsSchema, referralCall } from '../referral-call.ts';
import { issueVerificationCode } from './issue-verification-code.ts';
import { readVerificationCode } from './read-verification-code.ts';

const ABOUT =
  `Sender side only (the receiver side and shared-with readers get 403); a draft has no code (409). The ` +
  `code changes every ${VERIFICATION_CODE_PERIOD_SECONDS} s, counted from when it was issued; ` +
  '`seconds_left` is the countdown. Every read and issue is audited.';

/** The referral verification code (spec section 7 "Verification code: GET and POST", section 9). */
export const verificationCodeRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const common = {
    tags: ['referrals'],
    security: [{ bearer: [] }],
    params: ReferralIdParamsSchema,
    response: { 200: VerificationCodeSchema, ...SIGNED_IN_ERROR_RESPONSES, 409: ReferralConflictSchema },
  };

  app.get(
    '/api/referrals/:id/verification-code/',
    {
      config: { access: 'signed-in' },
      schema: {
        ...common,
        operationId: 'getReferralVerificationCode',
        summary: 'The verification code to show for a submitted referral now, and its seconds left',
        description: ABOUT,
      },
    },
    async (request) => readVerificationCode(db, await referralCall(request, request.params.id)),
  );

  app.post(
    '/api/referrals/:id/verification-code/',
    {
      config: { access: 'signed-in' },
      schema: {
        ...common,
        operationId: 'issueReferralVerificationCode',
        summary: 'A new verification code now; every earlier code stops working',
        description: ABOUT,
      },
    },
    async (request) => issueVerificationCode(db, await referralCall(request, request.params.id)),
  );
  done();
};
