import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { BucketSettings } from '../src/modules/files/bucket-storage.ts';

export type BucketTestServer = {
  settings: BucketSettings;
  /** The environment that points a server at this bucket (FILES_BUCKET and its settings). */
  env: Record<string, string>;
  close: () => Promise<void>;
};

/**
 * A real S3-protocol server (s3rver) on a free loopback port, holding one empty bucket in a folder of
 * its own: the bucket a server process stores its files in, in tests.
 */
export async function bucketTestServer(bucket = 'referrals-files'): Promise<BucketTestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${String(port)}`;
  // s3rver accepts these keys and checks the signature made with them.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    settings: {
      bucket,
      prefix: 'uploads/',
      region: 'ap-southeast-2',
      endpoint,
      credentials,
      forcePathStyle: true,
    },
    env: {
      FILES_BUCKET: bucket,
      FILES_BUCKET_PREFIX: 'uploads/',
      FILES_BUCKET_REGION: 'ap-southeast-2',
      FILES_BUCKET_ENDPOINT: endpoint,
      FILES_BUCKET_ACCESS_KEY_ID: credentials.accessKeyId,
      FILES_BUCKET_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
