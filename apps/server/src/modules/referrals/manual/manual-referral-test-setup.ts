import type { FastifyInstance } from 'fastify';
import type { Person } from '../../establishments/establishment-test-people.ts';

/** The letter's referrer as a MANUAL referral's body types it. */
export const TYPED_REFERRER = {
  title: 'DR',
  first_name: 'Helen',
  last_name: 'Okafor',
  role: 'GP',
  practice_name: 'Riverbend Medical',
  provider_number: '2426621B',
  phone: '(02) 9555 0101',
};

/** A file of a multipart upload. */
export type UploadFile = { name: string; bytes: Buffer; field?: string; type?: string };

/**
 * POST referrals/ as the paper referral form sends it: the JSON field `referral`, then each file as
 * `referrer_attachments` (or the field a test names), as the browser's FormData writes them.
 */
export function postManualReferral(
  app: FastifyInstance,
  person: Person,
  referral: object,
  files: UploadFile[] = [],
) {
  const boundary = 'manual-referral-boundary';
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="referral"\r\n\r\n${JSON.stringify(referral)}\r\n`,
    ),
  ];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'referrer_attachments'}"; ` +
          `filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: 'POST',
    url: '/api/referrals/',
    headers: {
      authorization: `Bearer ${person.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat(parts),
  });
}
