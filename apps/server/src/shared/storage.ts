// Where uploaded files live: a local folder (UPLOAD_DIR) or an S3-compatible bucket (S3_*).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { notConfigured } from '../http/errors.js';
import { s3Storage } from './storageS3.js';

export interface StoredObject {
  body: Buffer;
  contentType: string | null;
}

export interface FileStorage {
  kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** A URL the browser may PUT the bytes to directly (S3 only). */
  presignPut?: (key: string, expiresSeconds: number) => string;
}

/** Keys are ours (date folder + random id + extension); anything else is refused. */
const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
}

export function localStorage(dir: string): FileStorage {
  const full = (key: string) => {
    assertSafeKey(key);
    return path.join(dir, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, data) {
      const p = full(key);
      await mkdir(path.dirname(p), { recursive: true });
      await writeFile(p, data, { flag: 'wx' });
    },
    async get(key) {
      try {
        return { body: await readFile(full(key)), contentType: null };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
  };
}

const cache = new WeakMap<Config, FileStorage>();

/** The storage the configuration names (S3 when S3_ENDPOINT and S3_BUCKET are set), one per config. */
export function storageFor(config: Config, now: () => Date): FileStorage {
  let s = cache.get(config);
  if (!s) {
    const s3 = [config.S3_ENDPOINT, config.S3_BUCKET, config.S3_ACCESS_KEY, config.S3_SECRET_KEY];
    // Half an S3 configuration must not silently fall back to the local folder.
    if (s3.some(Boolean) && !s3.every(Boolean))
      throw notConfigured('对象存储 / object storage (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY)');
    s =
      config.S3_ENDPOINT && config.S3_BUCKET && config.S3_ACCESS_KEY && config.S3_SECRET_KEY
        ? s3Storage(
            {
              endpoint: config.S3_ENDPOINT,
              bucket: config.S3_BUCKET,
              accessKey: config.S3_ACCESS_KEY,
              secretKey: config.S3_SECRET_KEY,
              region: config.S3_REGION,
            },
            now,
          )
        : localStorage(config.uploadDir);
    cache.set(config, s);
  }
  return s;
}
