import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../api.ts';
import { optionalText, requiredText } from './referral-action-fields.ts';

/**
 * Tags and sticky notes (spec section 3 "Other items attached to a referral", 7 "Sticky notes and tags").
 * Both are one side's own working notes: an establishment sees only the ones its people wrote, the other
 * side and shared-with readers never do, so they stay out of the referral's history.
 */

export const REFERRAL_TAG_MAX_LENGTH = 50;
export const STICKY_NOTE_MAX_LENGTH = 2000;

const AuthorSchema = z.object({ id: z.string(), name: z.string() });

export const ReferralTagWriteSchema = z.object({ label: requiredText(REFERRAL_TAG_MAX_LENGTH) });
export type ReferralTagWrite = z.infer<typeof ReferralTagWriteSchema>;

export const ReferralTagSchema = z.object({
  id: z.string(),
  label: z.string(),
  added_by: AuthorSchema.nullable(),
  created_at: z.string(),
});
export type ReferralTag = z.infer<typeof ReferralTagSchema>;

/**
 * One of the labels the caller has tagged referrals with at their current establishment: what the lists'
 * "My tags" offers to filter by (section 3 Saved list filters, myTags; section 7 my_tags).
 */
export const MyReferralTagSchema = z.object({ label: z.string() });
export type MyReferralTag = z.infer<typeof MyReferralTagSchema>;
/** GET referrals/tags/: a page of those labels; `search` keeps the ones containing the text, in any case. */
export const MyReferralTagListQuerySchema = PageQuerySchema.extend({
  search: optionalText(REFERRAL_TAG_MAX_LENGTH),
});
export type MyReferralTagListQuery = z.infer<typeof MyReferralTagListQuerySchema>;
export const MyReferralTagPageSchema = pageOf(MyReferralTagSchema);

export const StickyNoteWriteSchema = z.object({ body: requiredText(STICKY_NOTE_MAX_LENGTH) });
export type StickyNoteWrite = z.infer<typeof StickyNoteWriteSchema>;

export const StickyNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: AuthorSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StickyNote = z.infer<typeof StickyNoteSchema>;
