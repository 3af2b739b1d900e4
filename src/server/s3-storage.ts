/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, …), so server processes on several machines need no shared disk.
 * Objects are keyed by their public path (`uploads/images/<uuid>.<ext>`): records keep the same relative paths as
 * with the disk store, and a bucket can be filled by copying the `uploads` folder.
 */
import type { Readable } from 'node:stream';
import type { S3StorageConfig } from './config';
import { HttpError } from './errors';
import { contentTypeOf, isImagePath, newImagePath, type FileStorage } from './file-storage';

/**
 * The store failed (down, wrong key, no bucket): 503 for the client, with what the log may say in `cause` — the
 * SDK's error object is not passed on, so nothing it carries about the request can reach a log line or an answer.
 */
class StorageUnavailable extends HttpError {
  constructor(operation: string, error: unknown) {
    super(503, 'The file storage is not available; try again later');
    const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    this.cause = { store: 's3', operation, error: e?.name, status: e?.$metadata?.httpStatusCode, message: e?.message };
  }
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

export async function s3Storage(settings: S3StorageConfig): Promise<FileStorage> {
  // Loaded here rather than at the top so that the server bundle (scripts/build.mjs) keeps it lazy: servers on the
  // disk store do not spend ~0.1 s loading the SDK at start.
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // Path-style (host/bucket/key): what MinIO, s3rver and most self-hosted stores expect.
    forcePathStyle: Boolean(settings.endpoint),
    // A copy: the SDK writes into the object it is given, and the config's hides its secret from printing.
    credentials: settings.credentials && { accessKeyId: settings.credentials.accessKeyId, secretAccessKey: settings.credentials.secretAccessKey },
    // The SDK's default checksums (CRC32 on every request) are not understood by every S3-compatible server.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An upload waiting on a dead store should fail in seconds, not hang the request.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = settings.bucket;
  const send = async <T>(operation: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new StorageUnavailable(operation, error);
    }
  };

  return {
    async save(bytes, extension) {
      const Key = newImagePath(extension);
      await send('put', () => client.send(new PutObjectCommand({ Bucket, Key, Body: bytes, ContentType: contentTypeOf(Key) })));
      return Key;
    },
    async remove(publicPath) {
      if (!isImagePath(publicPath)) return;
      // Deleting a missing object succeeds in S3, as `rm --force` does on disk.
      await send('delete', () => client.send(new DeleteObjectCommand({ Bucket, Key: publicPath })));
    },
    async read(publicPath, { head }) {
      if (!isImagePath(publicPath)) return undefined;
      const Key = publicPath;
      try {
        const out = head ? await client.send(new HeadObjectCommand({ Bucket, Key })) : await client.send(new GetObjectCommand({ Bucket, Key }));
        return {
          body: 'Body' in out ? (out.Body as Readable | undefined) : undefined,
          contentType: out.ContentType ?? contentTypeOf(Key),
          length: out.ContentLength,
          etag: out.ETag,
          lastModified: out.LastModified,
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw new StorageUnavailable(head ? 'head' : 'get', error);
      }
    },
    close() {
      client.destroy();
    },
  };
}
