import { describe, expect, it } from 'vitest';
import { isBranchName, isGitUrl, passwordMustBeEntered } from './library-rules';

describe('library form rules', () => {
  it('accepts http(s) repository URLs and refuses the rest', () => {
    expect(isGitUrl('https://git.example.com/group/repo.git')).toBe(true);
    expect(isGitUrl('http://127.0.0.1:8080/docs.git')).toBe(true);
    for (const bad of [
      '',
      'git.example.com/repo',
      'file:///srv/repo.git',
      'ssh://git@host/repo.git',
      'https://user:pw@host/repo.git',
      'https://host/',
      'https://host/a b',
    ]) {
      expect(isGitUrl(bad)).toBe(false);
    }
  });
  it('accepts git branch names only', () => {
    expect(isBranchName('main')).toBe(true);
    expect(isBranchName('release/2.2')).toBe(true);
    for (const bad of ['-x', 'a..b', 'a/', 'x.lock', 'a b']) expect(isBranchName(bad)).toBe(false);
  });
  it('asks for the saved password again only when the URL points at another server', () => {
    const saved = { url: 'https://git.example.com/group/repo.git', credential: { password: '******' } };
    expect(passwordMustBeEntered(saved, 'https://git.example.com/group/other.git')).toBe(false);
    expect(passwordMustBeEntered(saved, 'https://GIT.example.com:443/group/repo.git')).toBe(false);
    expect(passwordMustBeEntered(saved, 'https://evil.example.net/group/repo.git')).toBe(true);
    expect(passwordMustBeEntered(saved, 'http://git.example.com/group/repo.git')).toBe(true);
    expect(passwordMustBeEntered(saved, 'https://git.example.com:8443/group/repo.git')).toBe(true);
    expect(passwordMustBeEntered({ ...saved, credential: { password: '' } }, 'https://evil.example.net/r.git')).toBe(false);
    expect(passwordMustBeEntered(undefined, 'https://evil.example.net/r.git')).toBe(false);
  });
});
