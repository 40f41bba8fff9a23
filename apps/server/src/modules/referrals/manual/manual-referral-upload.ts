import type { FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { fieldErrorsFromIssues } from '@referrals/domain/api';
import { REQUIRED_MESSAGE } from '@referrals/domain/field-messages';
import { attachmentLimitOf } from '@referrals/domain/referrals/forms/attachment-schemas';
import {
  ManualReferralCreateSchema,
  type ManualReferralCreate,
} from '@referrals/domain/referrals/manual-referral-schemas';
import { ApiError, validationFailed } from '../../../http/api-errors.ts';
import { removeStoredFile, storeUpload, type StoredFile } from '../../files/file-store.ts';
import { tooManyReferrerAttachments, type ManualReferralFile } from '../actions/create-manual-referral.ts';
import { uploadRulesOf } from '../attachments/attachment-rules.ts';
import type { FileStorage } from '../../files/storage.ts';

const PART_ORDER =
  'Send the referral as multipart/form-data: the JSON field "referral" first, then its files as "referrer_attachments".';

/** The JSON part `referral`, read under the same schema as a JSON body. */
function referralPart(part: Multipart): ManualReferralCreate {
  if (part.type !== 'field' || part.fieldname !== 'referral') {
    throw validationFailed({ non_field_errors: [PART_ORDER] });
  }
  if (part.valueTruncated) throw validationFailed({ referral: ['The referral is too long.'] });
  let json: unknown;
  try {
    json = JSON.parse(String(part.value));
  } catch {
    throw validationFailed({ referral: ['Enter the referral as JSON.'] });
  }
  const parsed = ManualReferralCreateSchema.safeParse(json);
  if (!parsed.success) throw validationFailed(fieldErrorsFromIssues(parsed.error.issues));
  return parsed.data;
}

/**
 * One file, stored under the referral attachments' own rules (their default accept list, read
 * from the bytes; 5 MB, checked while it arrives). A refusal keeps its status (413 for the size) and names
 * the file under `referrer_attachments`, so the sender knows which one.
 */
async function storeReferrerAttachment(storage: FileStorage, part: MultipartFile): Promise<StoredFile> {
  try {
    return await storeUpload(storage, part.file, uploadRulesOf(undefined));
  } catch (error) {
    if (!(error instanceof ApiError) || !Array.isArray(error.body.file)) throw error;
    const messages = (error.body.file as string[]).map((message) => `${part.filename}: ${message}`);
    throw new ApiError(error.statusCode, { referrer_attachments: messages });
  }
}

/**
 * The parser refusing the body (a limit, a cut-off or malformed body) is the client's doing: its own 4xx,
 * or a 400 in the documented shape rather than a 500.
 */
function multipartError(error: unknown): never {
  const status = (error as { statusCode?: unknown }).statusCode;
  if (error instanceof ApiError || (typeof status === 'number' && status >= 400 && status < 500)) throw error;
  throw validationFailed({ non_field_errors: [PART_ORDER] });
}

/**
 * POST referrals/'s multipart body for a MANUAL referral: the JSON field `referral`
 * (ManualReferralCreateSchema) and then its files `referrer_attachments`. `check` runs on the referral
 * before any file is stored, so a refusal (403, 400) leaves nothing stored; the files are then stored
 * one by one as they arrive. Any refusal removes the files stored so far. The files are the caller's to
 * record or remove from then on (createManualReferral removes them when its transaction fails).
 */
export async function readManualReferralUpload(
  request: FastifyRequest,
  options: { storage: FileStorage; check: (body: ManualReferralCreate) => void },
): Promise<{ body: ManualReferralCreate; files: ManualReferralFile[] }> {
  const limit = attachmentLimitOf('referrer');
  const files: ManualReferralFile[] = [];
  let body: ManualReferralCreate | undefined;
  try {
    // One file more than a referral takes, so the one too many is our 400 rather than the parser's 413.
    const parts = request.parts({ limits: { files: limit + 1, parts: limit + 2 } });
    for (;;) {
      const next = await parts.next().catch(multipartError);
      if (next.done === true) break;
      const part = next.value;
      if (body === undefined) {
        body = referralPart(part);
        options.check(body);
      } else if (part.type !== 'file' || part.fieldname !== 'referrer_attachments') {
        throw validationFailed({ non_field_errors: [PART_ORDER] });
      } else if (files.length >= limit) {
        throw tooManyReferrerAttachments();
      } else {
        const stored = await storeReferrerAttachment(options.storage, part);
        files.push({ stored, originalName: part.filename });
      }
    }
    if (body === undefined) throw validationFailed({ referral: [REQUIRED_MESSAGE] });
    return { body, files };
  } catch (error) {
    for (const file of files) await removeStoredFile(options.storage, file.stored.name);
    throw error;
  }
}
