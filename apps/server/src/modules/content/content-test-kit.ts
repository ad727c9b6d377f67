import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { LibraryLevel } from '@ccms/contracts/content/library';
import { eq } from 'drizzle-orm';
import type { Caller, TestApp } from '../../../test/harness';
import { ccmsLibraryGrant, sysConfig } from '../../db/schema';

/** Every permission string of the library, explorer, product and property screens. */
export const CONTENT_PERMS = [
  'ccms:library:list',
  'ccms:library:query',
  'ccms:library:add',
  'ccms:library:edit',
  'ccms:library:remove',
  'ccms:explorer:list',
  'ccms:explorer:query',
  'ccms:explorer:add',
  'ccms:explorer:edit',
  'ccms:explorer:remove',
  'ccms:explorer:upload',
];

/** The signed-in test user of every area's tests (kept in test/callers.ts, below the areas). */
export { type TestUser, userWith } from '../../../test/callers';

/** Lets the server reach 127.0.0.1 (the administrator's allowance): test git remotes, SMTP, OIDC and delivery servers. */
export async function allowLoopbackRemotes(t: TestApp) {
  await t.database.db.update(sysConfig).set({ configValue: '127.0.0.1' }).where(eq(sysConfig.configKey, 'ccms.library.allowPrivateUrls'));
}

/** A library body pointing at a test remote. */
export function libraryBody(name: string, url: string, credential?: { username: string; password: string }) {
  return {
    name,
    displayText: `${name} text`,
    libraryType: 'DITA',
    url,
    defaultBranch: 'main',
    ...(credential ? { credential: { type: 'userpass', name: `${name}-cred`, ...credential } } : {}),
  };
}

/** A multipart/form-data body with text fields and files (field "file"). */
export function multipart(fields: Record<string, string | number>, files: { filename: string; content: Buffer | string }[]) {
  const boundary = `----ccms${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Grants a level on a library straight in the database (the permission API has its own tests). */
export async function grant(t: TestApp, libraryId: number, granteeType: 'user' | 'role' | 'all', granteeId: number, level: LibraryLevel) {
  await t.database.db.insert(ccmsLibraryGrant).values({ libraryId, granteeType, granteeId, level });
}

/**
 * What is left in the server's upload temp folder (temp files, unpacked packages) once the
 * requests made so far have ended; they go just after each response, so this waits a little.
 */
export async function uploadLeftovers(t: TestApp): Promise<string[]> {
  const dir = path.join(t.dataDir, 'tmp', 'uploads');
  const list = async () => (existsSync(dir) ? await readdir(dir) : []);
  let left = await list();
  for (let i = 0; i < 100 && left.length > 0; i++) {
    await new Promise((r) => setTimeout(r, 20));
    left = await list();
  }
  return left;
}

/**
 * Waits until the clone and index a new library starts in the background have ended (ready or
 * failed), so a test reads a settled library and no background indexer races it.
 */
export async function libraryPrepared(caller: Caller, libraryId: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const res = await caller.get(`/prod-api/ccms/library/${libraryId}/progress`);
    const phase = res.body?.data?.phase;
    if (phase !== 'clone' && phase !== 'index') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`library ${libraryId} is still being prepared after 60 s`);
}
