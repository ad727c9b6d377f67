import { describe, expect, it } from 'vitest';
import { grammarHint } from './grammar-hint';

describe('the start-up hint while no DITA grammar package is installed', () => {
  it('says what validates instead and how to install a package', () => {
    const hint = grammarHint({ installed: 0, machineVersion: '1.2' }) ?? '';
    expect(hint).toContain("No DITA grammar package is installed: files are validated against this machine's DITA 1.2 catalog");
    expect(hint).toContain('System Manager → Settings → Grammar Packages');
    expect(hint).toContain('catalog.xml');
    expect(hint).not.toContain('\n');
    expect(grammarHint({ installed: 0, machineVersion: null })).toContain('this machine has no DITA catalog either');
  });

  it('says nothing once a package is installed', () => {
    expect(grammarHint({ installed: 1, machineVersion: '1.2' })).toBeUndefined();
  });
});
