import { once } from 'node:events';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import type { ccmsLibrary } from '../../../db/schema';
import { allowLoopbackRemotes } from '../content-test-kit';
import { libraryGit } from './library-git';

const remote = useGitServer();
let t: TestApp;
/** A TCP server that counts connections and closes each at once: git reads it as an unreachable host. */
let dead: Server;
let connections = 0;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('ready', { files: { 'a.dita': '<topic id="a"/>' }, branch: 'main' });
  dead = createServer((socket) => {
    connections += 1;
    socket.destroy();
  }).listen(0, '127.0.0.1');
  await once(dead, 'listening');
});
afterAll(async () => {
  dead.close();
  await t.close();
});

const row = (libraryId: number, url: string) =>
  ({ libraryId, url, defaultBranch: 'main', credentialUsername: '', credentialSecret: '' }) as typeof ccmsLibrary.$inferSelect;

describe('readyBranch, the fetch a publish makes', () => {
  it('reads the last fetch after one failed attempt when the remote is down (no second, full fetch)', async () => {
    const git = libraryGit({ database: t.database, dataDir: t.dataDir, secretKey: 'k'.repeat(64) });
    const up = await git.readyBranch(row(999_101, remote().url('ready')), 'main');
    expect(up.stale).toBe(false);
    expect(up.head).toMatch(/^[0-9a-f]{40}$/);

    const port = (dead.address() as { port: number }).port;
    connections = 0;
    const down = await git.readyBranch(row(999_101, `http://127.0.0.1:${port}/ready.git`), 'main');
    expect(down).toMatchObject({ stale: true, head: up.head });
    expect(connections).toBe(1);
  });

  it('fails with the remote reason when there is nothing fetched to fall back on', async () => {
    const git = libraryGit({ database: t.database, dataDir: t.dataDir, secretKey: 'k'.repeat(64) });
    const port = (dead.address() as { port: number }).port;
    await expect(git.readyBranch(row(999_102, `http://127.0.0.1:${port}/ready.git`), 'main')).rejects.toMatchObject({ message: 'scm.hostUnreachable' });
  });

  it('answers no head for a branch the remote does not have, after the full fetch', async () => {
    const git = libraryGit({ database: t.database, dataDir: t.dataDir, secretKey: 'k'.repeat(64) });
    const url = remote().url('ready');
    await git.readyBranch(row(999_103, url), 'main');
    expect(await git.readyBranch(row(999_103, url), 'no-such-branch')).toMatchObject({ stale: false, head: null });
  });
});

describe('ready, the fetch a read makes', () => {
  it('reads the clone as it is while a writer holds the library, and fetches behind it', async () => {
    const git = libraryGit({ database: t.database, dataDir: t.dataDir, secretKey: 'k'.repeat(64), freshnessMs: 0 });
    await remote().createRepo('busy', { files: { 'a.dita': '<topic id="a"/>' }, branch: 'main' });
    const lib = row(999_106, remote().url('busy'));
    const first = await git.readyBranch(lib, 'main');
    await git.ready(lib);
    const pushed = await remote().commit('busy', 'main', { 'b.dita': '<topic id="b"/>' }, 'outside push');
    // A writer on the library, holding its lock until released (on PostgreSQL the lock is taken in a transaction: wait until it holds).
    let release: () => void = () => undefined;
    let held: Promise<void> = Promise.resolve();
    await new Promise<void>((inside) => {
      held = git.withLock(
        lib.libraryId,
        () =>
          new Promise<void>((resolve) => {
            release = resolve;
            inside();
          }),
      );
    });
    // Past the freshness window, with a writer on the library: answered at once from the clone.
    const read = await git.ready(lib);
    expect(read.stale).toBe(false);
    expect(await read.repo.branchHead('main')).toBe(first.head);
    release();
    await held;
    // The fetch queued behind the writer brings the outside push; with nobody on the library, a read waits for its fetch.
    await expect.poll(async () => git.repoOf(lib.libraryId).branchHead('main')).toBe(pushed);
    const again = await remote().commit('busy', 'main', { 'c.dita': '<topic id="c"/>' }, 'another push');
    const after = await git.ready(lib);
    expect(await after.repo.branchHead('main')).toBe(again);
  });
});

describe('branchCurrent, the check an editor open makes instead of a fetch', () => {
  it("is true only while the remote's branch is where the clone has it, and never moves the clone itself", async () => {
    const git = libraryGit({ database: t.database, dataDir: t.dataDir, secretKey: 'k'.repeat(64) });
    await remote().createRepo('current', { files: { 'a.dita': '<topic id="a"/>' }, branch: 'main' });
    const lib = row(999_104, remote().url('current'));
    // No clone yet: nothing to compare, so the caller fetches.
    expect(await git.branchCurrent(lib, 'main')).toBe(false);
    const fetched = await git.readyBranch(lib, 'main');
    expect(await git.branchCurrent(lib, 'main')).toBe(true);
    expect(await git.branchCurrent(lib, 'no-such-branch')).toBe(false);

    // A push from outside: the advertisement shows the new head, the clone still has the old one.
    await remote().commit('current', 'main', { 'b.dita': '<topic id="b"/>' }, 'From outside');
    expect(await git.branchCurrent(lib, 'main')).toBe(false);
    expect(await git.repoOf(999_104).branchHead('main')).toBe(fetched.head);

    // A remote that is down: the reason a fetch would give, after one connection, and the library row keeps it.
    const port = (dead.address() as { port: number }).port;
    connections = 0;
    await expect(git.branchCurrent(row(999_104, `http://127.0.0.1:${port}/current.git`), 'main')).rejects.toMatchObject({ reason: 'hostUnreachable' });
    expect(connections).toBe(1);
  });

  it('lets a publish read an unmoved branch without fetching, and fetch the branch once it moved', async () => {
    const git = libraryGit({ database: t.database, dataDir: t.dataDir, secretKey: 'k'.repeat(64) });
    await remote().createRepo('publish', { files: { 'a.dita': '<topic id="a"/>' }, branch: 'main' });
    const lib = row(999_105, remote().url('publish'));
    const first = await git.readyBranch(lib, 'main');
    // Unmoved: the clone's head, and no fetch ran (a fetch would have moved FETCH_HEAD's time).
    const fetchHead = path.join(git.repoOf(999_105).dir, 'FETCH_HEAD');
    const before = (await stat(fetchHead)).mtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    expect(await git.readyBranch(lib, 'main')).toMatchObject({ stale: false, head: first.head });
    expect((await stat(fetchHead)).mtimeMs).toBe(before);

    const moved = await remote().commit('publish', 'main', { 'b.dita': '<topic id="b"/>' }, 'From outside');
    expect(await git.readyBranch(lib, 'main')).toMatchObject({ stale: false, head: moved });
  });
});
