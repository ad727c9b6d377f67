import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { check, lineCount, reasonOf } from './check-file-size.mjs';

const lines = (n, first = []) => `${[...first, ...Array.from({ length: n - first.length }, (_, i) => `export const v${i} = ${i};`)].join('\n')}\n`;

describe('check-file-size: the parts', () => {
  it('counts lines as an editor numbers them', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount(lines(401))).toBe(401);
  });

  it('reads a reason from a block comment, a line comment or a CSS comment in the header', () => {
    expect(reasonOf('/**\n * The tokenizer.\n * Over 400 lines: one tokenizer whose parts change together.\n */')).toBe(
      'one tokenizer whose parts change together.',
    );
    expect(reasonOf('// Over 400 lines: a generated table of strings.\n')).toBe('a generated table of strings.');
    expect(reasonOf('/* Over 400 lines: one sheet for the editor surface */\n.a {}')).toBe('one sheet for the editor surface');
  });

  it.each([
    ['no reason', '/** A service. */\n'],
    ['an empty reason', '// Over 400 lines:\n'],
    ['a reason too short to say anything', '// Over 400 lines: long file\n'],
    ['a reason below the header', `${'\n'.repeat(35)}// Over 400 lines: it is one thing really\n`],
    ['the words inside code, not a comment', "const hint = 'Over 400 lines: say why in the header';\n"],
  ])('finds no reason in %s', (_name, text) => {
    expect(reasonOf(text)).toBeUndefined();
  });
});

describe('check-file-size over a tree', () => {
  let base = '';
  const write = (rel, text) => {
    mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
    writeFileSync(path.join(base, rel), text);
  };
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('reports long files without a reason (code, tests and styles) and reasons on files no longer long; skips node_modules and build output', () => {
    base = mkdtempSync(path.join(tmpdir(), 'size-'));
    write('apps/server/src/hub.service.ts', lines(401));
    write('apps/server/src/hub.test.ts', lines(450));
    write('apps/web/src/editor.css', lines(420));
    write('apps/web/src/fine.tsx', lines(400));
    write('packages/dita/src/tokenizer.ts', lines(500, ['/**', ' * Over 400 lines: one tokenizer whose parts change together.', ' */']));
    write('packages/dita/src/was-long.ts', lines(120, ['// Over 400 lines: one tokenizer whose parts change together.']));
    write('apps/web/node_modules/big/index.js', lines(900));
    write('apps/web/dist/assets/index.js', lines(900));
    write('apps/server/src/types.d.ts', lines(900));
    expect(check(base)).toEqual({
      unexplained: ['apps/server/src/hub.service.ts: 401 lines', 'apps/server/src/hub.test.ts: 450 lines', 'apps/web/src/editor.css: 420 lines'],
      stale: ['packages/dita/src/was-long.ts: 120 lines'],
    });
  });
});
