import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { API } from '../helpers';
import { type E2eGitServer, startGitServer } from './git-server';

const GIT_USER = 'bike';
const GIT_PASSWORD = 's3cret-bike';

/**
 * The S1000D Bike sample (`<corpus>/csdb`) on a `git http-backend` remote of its own, added as an
 * S1000D library and waited for until indexed: the setup each S1000D browser spec shares.
 */
export async function bikeLibrary(
  admin: APIRequestContext,
  corpus: string,
  library: { name: string; displayText: string },
): Promise<{ remote: E2eGitServer; libraryId: number }> {
  const csdb = path.join(corpus, 'csdb');
  const files: Record<string, Buffer> = {};
  for (const name of readdirSync(csdb)) files[`csdb/${name}`] = readFileSync(path.join(csdb, name));
  const remote = await startGitServer({ user: GIT_USER, password: GIT_PASSWORD, repos: { bike: files } });
  const created = await admin.post(`${API}/ccms/library`, {
    data: {
      ...library,
      libraryType: 'S1000D',
      url: remote.url('bike'),
      defaultBranch: 'main',
      credential: { type: 'userpass', name: '', username: GIT_USER, password: GIT_PASSWORD },
    },
  });
  const body = (await created.json()) as { code: number; msg: string; data?: { libraryId: number } };
  expect(body.code, body.msg).toBe(200);
  const libraryId = body.data?.libraryId ?? 0;
  await expect
    .poll(
      async () => {
        const res = await admin.get(`${API}/ccms/library/${libraryId}/progress`);
        return ((await res.json()) as { data?: { phase?: string } }).data?.phase;
      },
      { timeout: 120_000 },
    )
    .toBe('ready');
  return { remote, libraryId };
}
