import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { check, configVariables, documentedVariables, envReadsIn, isScanned } from './check-config-env.mjs';

describe('check-config-env: CCMS_* reads', () => {
  it.each([
    ['a property read', 'const on = process.env.CCMS_SAVE_TRACE !== undefined;', 'CCMS_SAVE_TRACE'],
    ['a read with a default', "const args = (process.env.CCMS_PUBLISH_NODE_ARGS ?? '').split(' ');", 'CCMS_PUBLISH_NODE_ARGS'],
    ['an index read', "const chromium = process.env['CCMS_CHROMIUM'];", 'CCMS_CHROMIUM'],
    ['an index read in double quotes', 'if (process.env[ "CCMS_CATALOG_TRACE" ]) trace();', 'CCMS_CATALOG_TRACE'],
  ])('finds %s', (_name, line, name) => {
    expect(envReadsIn(line)).toEqual([{ line: 1, name }]);
  });

  it.each([
    ['another variable', 'const level = process.env.LOG_LEVEL;'],
    ['a constant named like one', "const CCMS_NS = 'urn:ccms:translation';"],
    ['a comment', ' * cache keeps at most CCMS_VIDEO_CACHE_MB, read as process.env.CCMS_VIDEO_CACHE_MB once'],
    ['a line comment', '// process.env.CCMS_SAVE_TRACE turns it on'],
    ['a message', '`(set CCMS_ADMIN_PASSWORD before the first start to choose it)`'],
    ['the config', 'const on = processSettings().saveTrace;'],
  ])('passes %s', (_name, line) => {
    expect(envReadsIn(line)).toEqual([]);
  });

  it('scans server source, not tests or test kits', () => {
    expect(isScanned('apps/server/src/modules/publish/engine/engine-pool.ts')).toBe(true);
    expect(isScanned('apps/server/src/modules/publish/output/publish.test.ts')).toBe(false);
    expect(isScanned('apps/server/src/modules/content/content-test-kit.ts')).toBe(false);
    expect(isScanned('apps/server/test/harness.ts')).toBe(false);
  });

  it('reads the variables config.ts reads and the README lists', () => {
    expect(configVariables('dataDir: env.CCMS_DATA_DIR ?? x,\nweb: env.CCMS_WEB_DIR, again: env.CCMS_DATA_DIR, other: env.PORT')).toEqual([
      'CCMS_DATA_DIR',
      'CCMS_WEB_DIR',
    ]);
    expect([...documentedVariables('| Variable | Default |\n| --- | --- |\n| `CCMS_DATA_DIR` | `./data` |\nsee `CCMS_WEB_DIR`')]).toEqual(['CCMS_DATA_DIR']);
  });
});

describe('check-config-env over a tree', () => {
  let base = '';
  const write = (rel, text) => {
    mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
    writeFileSync(path.join(base, rel), text);
  };
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('reports a read outside config.ts and an undocumented variable, and passes config.ts, tests and documented variables', () => {
    base = mkdtempSync(path.join(tmpdir(), 'check-config-env-'));
    write('README.md', '| `CCMS_DATA_DIR` | `./data` | where data lives |\n');
    write('apps/server/src/platform/config.ts', 'export const c = (env) => ({ dataDir: env.CCMS_DATA_DIR, trace: env.CCMS_NEW_TRACE });\n');
    write('apps/server/src/modules/publish/engine/engine-pool.ts', "import x from 'y';\nconst ARGS = process.env.CCMS_PUBLISH_NODE_ARGS;\n");
    write('apps/server/src/modules/publish/output/publish.test.ts', "process.env.CCMS_PUBLISH_TRACE = '1';\n");
    write('apps/server/src/platform/save-trace.ts', 'const on = processSettings().saveTrace;\n');
    expect(check(base)).toEqual([
      'apps/server/src/modules/publish/engine/engine-pool.ts:2: reads CCMS_PUBLISH_NODE_ARGS (read it in apps/server/src/platform/config.ts)',
      "apps/server/src/platform/config.ts: reads CCMS_NEW_TRACE, which the README's configuration table does not list",
    ]);
  });
});
