import { describe, expect, it } from 'vitest';
import { classifyRemoteError } from './git-env';

describe('classifyRemoteError', () => {
  it('reads the HTTP status git reports, not digits that happen to be in the address', () => {
    expect(classifyRemoteError("fatal: repository 'http://127.0.0.1:40312/nothing.git/' not found")).toBe('repoNotFound');
    expect(classifyRemoteError("fatal: unable to access 'http://127.0.0.1:34031/r.git/': The requested URL returned error: 403")).toBe('authFailed');
    expect(classifyRemoteError("fatal: Authentication failed for 'http://127.0.0.1:40401/r.git/'")).toBe('authFailed');
    expect(classifyRemoteError("fatal: unable to access 'http://127.0.0.1:4013/r.git/': The requested URL returned error: 404")).toBe('repoNotFound');
    expect(classifyRemoteError("fatal: unable to access 'http://127.0.0.1:9/r.git/': Failed to connect to 127.0.0.1 port 9")).toBe('hostUnreachable');
  });
});
