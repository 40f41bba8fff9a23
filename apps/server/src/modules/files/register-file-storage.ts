import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../../config.ts';
import { bucketStorage, checkBucket } from './bucket-storage.ts';
import { diskStorage } from './disk-storage.ts';

/**
 * `app.storage`: the bucket of FILES_BUCKET, or DATA_DIR/uploads. A bucket is checked before the server
 * answers, so a wrong name, address or key stops the start with a message instead of failing uploads.
 */
export async function registerFileStorage(app: FastifyInstance): Promise<void> {
  const bucket = app.config.filesBucket;
  app.decorate('storage', bucket ? await bucketStorage(bucket) : diskStorage(app.config.dataDir));
  app.addHook('onClose', () => app.storage.close());
  if (!bucket) return;
  app.addHook('onReady', async () => {
    const problem = await checkBucket(bucket);
    if (problem) throw new ConfigError([problem]);
  });
}
