import { z } from 'zod';
import { requiredText } from './referral-action-fields.ts';

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
