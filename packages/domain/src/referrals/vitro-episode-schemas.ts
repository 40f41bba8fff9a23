import { REQUIRED_MESSAGE } from '../field-messages.ts';
import { z } from 'zod';

/**
 * POST referrals/{id}/set-vitro-episode-id/ (spec section 3 `vitro_episode_id`, section 7 EMR): the
 * receiver links the referral to the episode it opened for it in its own clinical system. The spec gives
 * no format; episode ids are system keys, so we take what such keys are made of (letters, digits and
 * `. _ / -`, starting with a letter or digit), up to 64 characters, and refuse spaces and other text that
 * would be a note rather than a key.
 */

export const VITRO_EPISODE_ID_MAX_LENGTH = 64;
export const VITRO_EPISODE_ID_MESSAGE =
  'Enter the episode id: up to 64 letters, digits, dots, dashes, slashes or underscores.';

const EPISODE_ID = /^(?:[A-Za-z0-9][A-Za-z0-9._/-]*)?$/;

/** The body: the episode id, or null (or '' from a cleared input) to unlink the referral. */
export const SetVitroEpisodeIdSchema = z.object({
  vitro_episode_id: z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .max(VITRO_EPISODE_ID_MAX_LENGTH, { message: VITRO_EPISODE_ID_MESSAGE })
    .regex(EPISODE_ID, { message: VITRO_EPISODE_ID_MESSAGE })
    .nullable()
    .transform((value) => (value === '' ? null : value)),
});
export type SetVitroEpisodeId = z.infer<typeof SetVitroEpisodeIdSchema>;
