import { describe, expect, it } from 'vitest';
import { isBranchName, isGitUrl } from './library-rules';

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
});
