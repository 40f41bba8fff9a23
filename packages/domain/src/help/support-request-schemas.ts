import { z } from 'zod';
import { defineCodeList } from '../codes.ts';
import { REQUIRED_MESSAGE } from '../field-messages.ts';

/** What a support request is about (Help Desk, docs/help-desk.md): the support team routes it by this. */
export const SUPPORT_TOPICS = {
  referrals: 'Sending or receiving referrals',
  reports: 'Clinical reports',
  patients: 'Patient records',
  establishment: 'My establishment and staff',
  account: 'My account and signing in',
  other: 'Something else',
} as const;
export const supportTopics = defineCodeList(SUPPORT_TOPICS);

const requiredText = (max: number) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, { message: REQUIRED_MESSAGE })
    .max(max, { message: `Ensure this field has no more than ${max} characters.` });

/**
 * POST support-requests/: the signed-in person asks the support team for help. `page` is the screen they
 * came from, as a path: the server keeps only the path, never a query string (a list's search may hold a
 * patient's name).
 */
export const SupportRequestSchema = z.object({
  topic: z.enum(supportTopics.codes, {
    error: (issue) => (issue.input === undefined ? REQUIRED_MESSAGE : 'Choose one of the topics.'),
  }),
  subject: requiredText(150),
  message: requiredText(5000),
  page: z.string().max(300).optional(),
});
export type SupportRequest = z.infer<typeof SupportRequestSchema>;

/** What the form says once the request is on its way. */
export const SUPPORT_REQUEST_SENT =
  'Your request is with our support team. They will reply to your email address, usually within one business day.';

/** The form's reminder: mail leaves the product, so patient details stay out of it. */
export const SUPPORT_NO_PATIENT_DATA =
  'Please do not include patient details such as names, dates of birth or Medicare numbers: describe the screen and what happened instead.';

/** The path of the page a request came from, without its query or fragment. */
export function supportPagePath(page: string | undefined): string | null {
  if (page === undefined) return null;
  const path = page.split(/[?#]/)[0]?.trim() ?? '';
  return path.startsWith('/') ? path : null;
}
