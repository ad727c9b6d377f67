import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { VersionPush } from '@ccms/contracts/system/information';
import type { Db } from '../../../db/client';
import { configValue } from '../config/config.queries';

/** The server package's version, written as the product shows it ("2.2.0" → "V2.2.0"). */
export function packageVersion(file = path.resolve(import.meta.dirname, '../../../../package.json')): string {
  const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
  if (typeof version !== 'string' || version === '') throw new Error(`${file} has no version`);
  return `V${version}`;
}

/** The product's version and the one the administrator announced as the latest (config keys). */
export function informationService(db: Db) {
  const version = packageVersion();
  return {
    version: () => version,
    async latest(): Promise<VersionPush> {
      const [versionCode, url] = await Promise.all([configValue(db, 'sys.version.code'), configValue(db, 'sys.version.url')]);
      return { versionCode: versionCode?.trim() ?? '', url: url?.trim() ?? '' };
    },
  };
}
