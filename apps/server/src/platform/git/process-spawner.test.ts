import { createServer } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { createInterface } from 'node:readline';
import { translate } from '@ccms/contracts/messages';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyRemoteError, gitEnv } from './git-env';
import { runNetworkGit } from './git-process';
import { runProcess, stopProcessHelper, streamProcess } from './process-spawner';

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C' };
const sh = (script: string, opts: { input?: string; timeoutMs?: number } = {}) => runProcess('/bin/sh', ['-c', script], { env, ...opts });

afterAll(() => stopProcessHelper());

describe('the process helper', () => {
  it('starts commands from its own process, not the server (whose fork held the request loop)', async () => {
    const { stdout, code } = await sh('echo $PPID');
    expect(code).toBe(0);
    const parent = Number(stdout.toString().trim());
    expect(parent).toBeGreaterThan(0);
    expect(parent).not.toBe(process.pid);
  });

  it('passes input and environment, and answers output, error text and exit code', async () => {
    const result = await runProcess('/bin/sh', ['-c', 'cat; echo "$CCMS_PROBE" >&2; exit 3'], {
      env: { ...env, CCMS_PROBE: 'probe value' },
      input: 'from stdin\n',
    });
    expect(result).toEqual({ stdout: Buffer.from('from stdin\n'), stderr: 'probe value\n', code: 3, signal: null });
    const bytes = Buffer.from([0, 255, 1, 254]);
    expect((await runProcess('/bin/cat', [], { env, input: bytes })).stdout).toEqual(bytes);
  });

  it('carries large output whole and runs commands side by side', async () => {
    const big = await sh('head -c 20000000 /dev/zero');
    expect(big.stdout.length).toBe(20_000_000);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => sh(`echo ${i}`)));
    expect(answers.map((a) => a.stdout.toString().trim())).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
  });

  it('kills a command past its time, and refuses one that cannot start', async () => {
    const slow = await sh('exec sleep 5', { timeoutMs: 200 });
    expect(slow.code).not.toBe(0);
    expect(slow.signal).toBe('SIGKILL');
    await expect(runProcess('/no/such/program', [], { env })).rejects.toThrow(/ENOENT/);
  });

  it('streams output that a caller may stop reading and kill', async () => {
    const child = streamProcess('/usr/bin/yes', ['line'], { env });
    const lines = createInterface({ input: child.stdout });
    let read = 0;
    for await (const line of lines) {
      expect(line).toBe('line');
      if (++read === 1000) break;
    }
    lines.close();
    child.kill();
    expect((await child.done).code).not.toBe(0);
  });

  it('fails the commands of a helper that died, and starts a new one for the next', async () => {
    const running = sh('sleep 5');
    await new Promise((r) => setTimeout(r, 100));
    stopProcessHelper();
    // Sent at once to the next helper, before the first one's end is heard: the end fails only its own commands.
    const next = sh('echo again');
    // Said in words in the caller's language: the helper's end, and why.
    await expect(running).rejects.toMatchObject({ key: 'scm.helperEnded', params: { reason: expect.stringMatching(/^(SIG[A-Z]+|exit code \d+)$/) } });
    expect(translate('zh', 'scm.helperEnded', { reason: 'SIGTERM' })).toBe('服务器运行 git 命令的辅助进程意外结束（SIGTERM），本次操作未完成，请重试');
    expect((await next).stdout.toString()).toBe('again\n');
  });
});

describe('network git commands (fetch, push, ls-remote) through the helper', () => {
  it("reject with git's own message, or say they timed out; either reads as an unreachable host", async () => {
    // A port nothing listens on: git says why it could not connect.
    const closed = await freePort();
    const refused = runNetworkGit(['ls-remote', '--heads', '--', `http://127.0.0.1:${closed}/repo.git`], { env: gitEnv(), timeoutMs: 30_000 });
    await expect(refused).rejects.toThrow(/127\.0\.0\.1/);
    expect(classifyRemoteError(await refused.catch((e: Error) => e.message))).toBe('hostUnreachable');
    // A server that accepts and never answers: killed at the time given.
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const port = (silent.address() as AddressInfo).port;
      const hung = runNetworkGit(['ls-remote', '--heads', '--', `http://127.0.0.1:${port}/repo.git`], { env: gitEnv(), timeoutMs: 500 });
      await expect(hung).rejects.toThrow('git ls-remote timed out after 1 s');
      expect(classifyRemoteError(await hung.catch((e: Error) => e.message))).toBe('hostUnreachable');
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}
