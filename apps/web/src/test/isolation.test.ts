import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED } from '../../vitest.config';

const ROOT = join(import.meta.dirname, '../..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

/** What a file in the shared module graph must not do: it would change the modules or globals every later file sees. */
const REPLACES_SHARED = /\bvi\.(mock|doMock|stubGlobal|useFakeTimers)\(/;

describe('web test isolation', () => {
  it('runs every file that replaces modules, stubs globals or fakes timers in its own module graph', () => {
    const files = testFiles(join(ROOT, 'src'));
    const replacing = files.filter((file) => REPLACES_SHARED.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(replacing.length).toBeGreaterThan(0);
    expect(replacing.filter((file) => !ISOLATED.includes(file))).toEqual([]);
  });
});
