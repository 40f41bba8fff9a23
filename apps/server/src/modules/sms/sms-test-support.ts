import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { smsDir } from './file-sms-sender.ts';

/** One message the file sender wrote. */
export type SentSms = { file: string; to: string; body: string };

/**
 * The text messages the app has written to DATA_DIR/sms, oldest first, after running every due job, so a
 * test reads what its requests queued without waiting on a timer.
 */
export async function readSmsOutbox(app: FastifyInstance): Promise<SentSms[]> {
  await app.jobs.drain();
  const dir = smsDir(app.config);
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.txt')).sort();
  return Promise.all(
    files.map(async (file) => {
      const [head = '', ...rest] = (await readFile(path.join(dir, file), 'utf8')).split('\n\n');
      return { file, to: head.replace(/^To: /, ''), body: rest.join('\n\n').trimEnd() };
    }),
  );
}

/** A logger that keeps what was logged, to check that no number, text or token reaches the log. */
export function recordingLog(): { log: FastifyBaseLogger; lines: unknown[] } {
  const lines: unknown[] = [];
  const keep = (...args: unknown[]) => lines.push(args);
  return { log: { info: keep, warn: keep, error: keep } as unknown as FastifyBaseLogger, lines };
}
