import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusForTests, corpusPath } from '../../../test-support/corpus';

/** The corpus the corpus suites read: found through CCMS_CORPUS_DIR or beside the repository. */
describe('corpus location', () => {
  const beside = path.resolve(import.meta.dirname, '../../../../shared/corpora/dita-ot-docs');
  const missing = path.resolve(import.meta.dirname, 'no-such-corpus');

  it('uses CCMS_CORPUS_DIR when set, otherwise ../shared beside the repository', () => {
    expect(corpusPath({ CCMS_CORPUS_DIR: '/data/dita-ot-docs' })).toBe('/data/dita-ot-docs');
    expect(corpusPath({})).toBe(beside);
  });

  it('on a plain clone: undefined and one line saying what is missing and how to get it', () => {
    const lines: string[] = [];
    expect(corpusForTests({ CCMS_CORPUS_DIR: missing }, (l) => lines.push(l))).toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(missing);
    expect(lines[0]).toContain('https://github.com/dita-ot/docs');
    expect(lines[0]).toContain('CCMS_CORPUS_DIR');
  });

  it('under CI=true a missing corpus fails the run', () => {
    const lines: string[] = [];
    expect(() => corpusForTests({ CCMS_CORPUS_DIR: missing, CI: 'true' }, (l) => lines.push(l))).toThrow(/CI=true/);
    expect(lines).toEqual([]);
  });

  it('finds a corpus that is there, without a line', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ccms-corpus-'));
    writeFileSync(path.join(dir, 'userguide.ditamap'), '<map/>');
    const lines: string[] = [];
    expect(corpusForTests({ CCMS_CORPUS_DIR: dir, CI: 'true' }, (l) => lines.push(l))).toBe(dir);
    expect(lines).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });
});
