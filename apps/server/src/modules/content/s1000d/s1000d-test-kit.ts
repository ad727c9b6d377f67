import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { zipFolder } from '../../../../../../test-support/grammars';
import { s1000dCorpus } from '../../../../../../test-support/s1000d-corpora';
import type { GitServer } from '../../../../test/git-server';
import type { Caller } from '../../../../test/harness';
import { libraryBody, libraryPrepared, multipart } from '../content-test-kit';

/**
 * What the S1000D API tests share: the corpora they run on, the grammar packages an administrator
 * installs (the Issue 5.0 schemas and every issue's default BREX), and the Bike sample on a git
 * remote of its own, added as an S1000D library and waited for until indexed.
 */
export const S1000D_CORPORA = {
  bike: s1000dCorpus('s1000d-bike-4.1'),
  defaultBrex: s1000dCorpus('s1000d-default-brex'),
  schemas: s1000dCorpus('s1000d-schemas-5.0'),
};

/** Whether a suite that needs the Bike set (and, with `grammars`, the packages too) cannot run here. */
export const bikeMissing = (grammars = true) =>
  S1000D_CORPORA.bike === undefined || (grammars && (S1000D_CORPORA.defaultBrex === undefined || S1000D_CORPORA.schemas === undefined));

/** Installs the default BREX and the 5.0 schemas as grammar packages, as an administrator does. */
export async function installS1000dGrammars(admin: Caller): Promise<void> {
  for (const [name, dir, inZip] of [
    ['default-brex.zip', S1000D_CORPORA.defaultBrex, 's1000d-default-brex/'],
    ['schemas-5.0.zip', S1000D_CORPORA.schemas, 's1000d-schemas-5.0/'],
  ] as const) {
    const body = multipart({}, [{ filename: name, content: await zipFolder(dir ?? '', inZip) }]);
    const installed = await admin.request({ method: 'POST', url: '/prod-api/ccms/grammar', payload: body.payload, headers: body.headers });
    expect(installed.status, installed.body).toBe(200);
  }
}

export interface BikeCopy {
  /** The copy's root: `csdb/` holds the set. */
  dir: string;
  remove(): Promise<void>;
}

/** A writable copy of the Bike set's `csdb/` folder, for a test that changes files before pushing them. */
export async function bikeCopy(prefix: string): Promise<BikeCopy> {
  const dir = await mkdtemp(path.join(tmpdir(), `ccms-${prefix}-`));
  await cp(path.join(S1000D_CORPORA.bike ?? '', 'csdb'), path.join(dir, 'csdb'), { recursive: true });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Adds an S1000D library over a repository of the test git server and waits until it is indexed. */
export async function addS1000dLibrary(caller: Caller, remote: GitServer, repo: string): Promise<number> {
  const res = await caller.post('/prod-api/ccms/library', { ...libraryBody(repo, remote.url(repo)), libraryType: 'S1000D' });
  expect(res.status, res.raw).toBe(200);
  const libraryId: number = res.body.data.libraryId;
  await libraryPrepared(caller, libraryId);
  return libraryId;
}

/** The Bike set (copied by `bikeCopy`, or as the corpus holds it) pushed to `repo` and added as an S1000D library. */
export async function bikeLibrary(caller: Caller, remote: GitServer, repo: string, copy?: BikeCopy): Promise<number> {
  await remote.createRepo(repo, { folder: copy?.dir ?? S1000D_CORPORA.bike ?? '' });
  return addS1000dLibrary(caller, remote, repo);
}
