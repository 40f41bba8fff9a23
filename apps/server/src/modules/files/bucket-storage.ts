import type { Readable } from 'node:stream';
import type * as S3Module from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { FileStorageUnavailable, isStoredName, type FileStorage } from './storage.ts';

/** An S3-compatible bucket (AWS S3, MinIO, Ceph, R2): FILES_BUCKET and its settings (docs/deploy.md, Files). */
export type BucketSettings = {
  bucket: string;
  /** Every key starts with it ("referrals/", say), so one bucket can hold several installations. */
  prefix: string;
  region: string;
  /** An S3-compatible server's address; undefined for AWS S3 itself. */
  endpoint: string | undefined;
  /** Undefined: the AWS SDK's own chain (AWS_ACCESS_KEY_ID, a profile, the machine's role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** bucket.host/key (virtual-hosted, AWS's way) or host/bucket/key (path style, most other servers). */
  forcePathStyle: boolean;
};

/**
 * Files as objects in a bucket, which every server process reads and writes alike (docs/deploy.md). Objects
 * stay private: a download streams through the server, after the same checks as from the disk.
 */
export async function bucketStorage(settings: BucketSettings): Promise<FileStorage> {
  const s3 = await loadS3();
  const client = bucketClient(s3, settings);
  const Bucket = settings.bucket;
  const keyOf = (name: string) => `${settings.prefix}${name}`;
  return {
    description: `the bucket ${settings.bucket}${settings.prefix ? ` under ${settings.prefix}` : ''}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,
    async write(name, bytes, contentType) {
      await send(() =>
        client.send(
          new s3.PutObjectCommand({
            Bucket,
            Key: keyOf(name),
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.byteLength,
          }),
        ),
      );
    },
    async open(name) {
      const object = await found(() => client.send(new s3.GetObjectCommand({ Bucket, Key: keyOf(name) })));
      if (!object?.Body) return undefined;
      return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
    },
    async read(name) {
      const object = await found(() => client.send(new s3.GetObjectCommand({ Bucket, Key: keyOf(name) })));
      if (!object?.Body) return undefined;
      return Buffer.from(await send(() => object.Body!.transformToByteArray()));
    },
    async copy(from, to) {
      // S3 answers a copy of a missing source with 404 NoSuchKey, as a GET.
      const copied = await found(() =>
        client.send(
          new s3.CopyObjectCommand({
            Bucket,
            Key: keyOf(to),
            CopySource: `${Bucket}/${encodeURI(keyOf(from))}`,
          }),
        ),
      );
      return copied !== undefined;
    },
    async remove(name) {
      await send(() => client.send(new s3.DeleteObjectCommand({ Bucket, Key: keyOf(name) })));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await send(() =>
          client.send(new s3.ListObjectsV2Command({ Bucket, Prefix: settings.prefix, ContinuationToken })),
        );
        for (const object of page.Contents ?? []) {
          const name = (object.Key ?? '').slice(settings.prefix.length);
          if (isStoredName(name)) yield { name, size: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close() {
      client.destroy();
    },
  };
}

/**
 * Whether the bucket can be reached with these settings, checked as the server starts so that a wrong name,
 * address or key fails there, with a message, rather than at the first upload.
 */
export async function checkBucket(settings: BucketSettings): Promise<string | undefined> {
  const s3 = await loadS3();
  const client = bucketClient(s3, settings);
  try {
    await client.send(new s3.HeadBucketCommand({ Bucket: settings.bucket }));
    return undefined;
  } catch (error) {
    const status = statusOf(error);
    if (status === 404) return `FILES_BUCKET: there is no bucket ${settings.bucket}`;
    if (status === 403 || status === 401)
      return `FILES_BUCKET: the keys may not use the bucket ${settings.bucket}`;
    return `FILES_BUCKET: the bucket ${settings.bucket} could not be reached (${error instanceof Error ? error.name : 'error'})`;
  } finally {
    client.destroy();
  }
}

type S3 = typeof S3Module;

// Loaded only when a bucket is configured: the SDK is large, and it warns about Node versions as it loads.
const loadS3 = (): Promise<S3> => import('@aws-sdk/client-s3');

function bucketClient(s3: S3, settings: BucketSettings): S3Client {
  return new s3.S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: many S3-compatible servers do not understand the newer
    // trailing-checksum uploads, and a PUT with Content-Length is already checked by its signature.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** A call whose failure is the storage's own state (unreachable, 5xx) is FileStorageUnavailable. */
async function send<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const status = statusOf(error);
    if (status === undefined || status >= 500) throw new FileStorageUnavailable(error);
    throw error;
  }
}

/** As `send`, with a missing object as undefined. */
async function found<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await send(call);
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw error;
  }
}
