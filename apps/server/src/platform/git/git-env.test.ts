import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyRemoteError, gitEnv } from './git-env';

describe('classifyRemoteError', () => {
  it('reads the HTTP status git reports, not digits that happen to be in the address', () => {
    expect(classifyRemoteError("fatal: repository 'http://127.0.0.1:40312/nothing.git/' not found")).toBe('repoNotFound');
    expect(classifyRemoteError("fatal: unable to access 'http://127.0.0.1:34031/r.git/': The requested URL returned error: 403")).toBe('authFailed');
    expect(classifyRemoteError("fatal: Authentication failed for 'http://127.0.0.1:40401/r.git/'")).toBe('authFailed');
    expect(classifyRemoteError("fatal: unable to access 'http://127.0.0.1:4013/r.git/': The requested URL returned error: 404")).toBe('repoNotFound');
    expect(classifyRemoteError("fatal: unable to access 'http://127.0.0.1:9/r.git/': Failed to connect to 127.0.0.1 port 9")).toBe('hostUnreachable');
  });
});

describe('gitEnv', () => {
  it('runs a fetch with no maintenance process after it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ccms-git-env-'));
    try {
      const plain = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
      const git = (args: string[]) => execFileSync('git', args, { env: plain });
      git(['init', '-q', '--bare', path.join(dir, 'remote.git')]);
      git(['init', '-q', path.join(dir, 'work')]);
      git(['-c', 'user.name=t', '-c', 'user.email=t@t', '-C', path.join(dir, 'work'), 'commit', '-q', '--allow-empty', '-m', 'one']);
      git(['-C', path.join(dir, 'work'), 'push', '-q', path.join(dir, 'remote.git'), 'HEAD:refs/heads/main']);
      git(['init', '-q', '--bare', path.join(dir, 'clone.git')]);
      // GIT_TRACE lists every command git runs (on stderr); the file protocol is allowed for this local test only.
      const fetched = spawnSync(
        'git',
        [
          '--git-dir',
          path.join(dir, 'clone.git'),
          '-c',
          'protocol.file.allow=always',
          'fetch',
          path.join(dir, 'remote.git'),
          '+refs/heads/main:refs/remotes/origin/main',
        ],
        { env: { ...gitEnv(), GIT_TRACE: '1' }, encoding: 'utf8' },
      );
      expect(fetched.status).toBe(0);
      expect(fetched.stderr).toContain('upload-pack');
      expect(fetched.stderr).not.toContain('maintenance');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
