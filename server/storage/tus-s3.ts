import { DeleteObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import type { S3Config } from '../config';

/**
 * Resumable uploads whose parts live in the bucket: a multipart upload per file (ListParts gives
 * the offset, a PATCH smaller than a part is kept as an incomplete part object), so any process can
 * take the next PATCH. Loaded only when S3 is set (tus.ts), like the S3 storage of finished files.
 */
export function s3UploadStore(s3: S3Config, expiryMs: number) {
  const clientConfig: S3ClientConfig = {
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Many S3-compatible servers reject the SDK's default CRC checksums on every request.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  const client = new S3Client(clientConfig);
  return {
    store: new S3Store({ expirationPeriodInMilliseconds: expiryMs, s3ClientConfig: { ...clientConfig, bucket: s3.bucket } }),
    /** The store removes nothing of an upload whose multipart upload completed: its object, record and last part go here. */
    removeObjects: async (id: string) => {
      for (const key of [id, `${id}.info`, `${id}.part`]) await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
  };
}
