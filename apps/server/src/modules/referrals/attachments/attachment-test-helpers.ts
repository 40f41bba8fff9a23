import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Person } from '../../establishments/establishment-test-people.ts';

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
export const PDF = Buffer.from('%PDF-1.7\n% a referral letter\n%%EOF\n');

/** A receiver's form template with two file fields: one PDF for the ECG, two images for the echo. */
export const cardiologyTemplate = (establishmentId: string) => ({
  establishment_id: establishmentId,
  name: 'cardiology',
  title: 'Cardiology referral',
  sections: [
    {
      title: 'Investigations',
      fields: [
        { name: 'ecg', type: 'file', accept: ['application/pdf'] },
        { name: 'echo_images', type: 'file', max_files: 2, accept: ['image/*'] },
      ],
    },
  ],
});

/**
 * A multipart upload of `file` as `name`, with the form fields sent first, by a signed-in person or with
 * the headers given (a portal draft's secret).
 */
export function uploadAs(
  app: FastifyInstance,
  who: Person | { headers: Record<string, string> },
  url: string,
  options: { name?: string; bytes?: Buffer; fields?: Record<string, string>; method?: 'POST' } = {},
) {
  const boundary = 'attachment-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(options.fields ?? {})) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.name ?? 'letter.pdf'}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    options.bytes ?? PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return app.inject({
    method: options.method ?? 'POST',
    url,
    headers: {
      ...('token' in who ? { authorization: `Bearer ${who.token}` } : who.headers),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat(parts),
  });
}

/** The stored files in DATA_DIR/uploads, half-written ones left out: what a call left on the disk. */
export async function storedFiles(dataDir: string): Promise<string[]> {
  const names = await readdir(path.join(dataDir, 'uploads')).catch(() => [] as string[]);
  return names.filter((name) => !name.endsWith('.part'));
}
