import { describe, expect, it } from 'vitest';
import { objectStoreFrom } from '../config';

/** CCMS_S3_*: none set keeps files in the data folder; a partial or bad setting stops the start, naming the variable. */
describe('objectStoreFrom', () => {
  const full = { CCMS_S3_ENDPOINT: 'http://127.0.0.1:9000/', CCMS_S3_BUCKET: 'ccms', CCMS_S3_ACCESS_KEY: 'id', CCMS_S3_SECRET_KEY: 'key' };

  it('is unset without any CCMS_S3_* variable', () => {
    expect(objectStoreFrom({})).toBeUndefined();
  });

  it('reads a whole setting with its defaults', () => {
    expect(objectStoreFrom(full)).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'ccms',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'key',
      forcePathStyle: true,
    });
    expect(objectStoreFrom({ ...full, CCMS_S3_REGION: 'eu-west-1', CCMS_S3_PATH_STYLE: 'false' })).toMatchObject({
      region: 'eu-west-1',
      forcePathStyle: false,
    });
  });

  it('names what is wrong or missing, never the secret', () => {
    expect(() => objectStoreFrom({ CCMS_S3_BUCKET: 'ccms' })).toThrow(/CCMS_S3_ENDPOINT must be/);
    expect(() => objectStoreFrom({ ...full, CCMS_S3_ENDPOINT: 'ftp://x' })).toThrow(/CCMS_S3_ENDPOINT/);
    expect(() => objectStoreFrom({ ...full, CCMS_S3_PATH_STYLE: 'maybe' })).toThrow(/CCMS_S3_PATH_STYLE/);
    const missing = () => objectStoreFrom({ CCMS_S3_ENDPOINT: 'http://s3.local', CCMS_S3_SECRET_KEY: 'hunter2-secret' });
    expect(missing).toThrow(/CCMS_S3_BUCKET, CCMS_S3_ACCESS_KEY/);
    expect(missing).not.toThrow(/hunter2/);
  });
});
