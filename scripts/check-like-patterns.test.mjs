import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildsLikePattern, check } from './check-like-patterns.mjs';

describe('check-like-patterns: LIKE patterns built by hand', () => {
  it.each([
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of source, placeholder and all
    ['a contains pattern', 'q.name ? like(ccmsLibrary.name, `%${q.name}%`) : undefined,'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of source, placeholder and all
    ['an ends-with pattern', 'ilike(T.path, `%${suffix}`)'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of source, placeholder and all
    ['a starts-with pattern', '[q.names, `${q.prefix}%`, q.self],'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of source, placeholder and all
    ['a pattern escaped by a local helper', 'ilike(c.path, `%${escapeLike(q.topic)}%`)'],
    ['a concatenation', "like(sysUser.userName, '%' + q.userName + '%')"],
    ['a concatenation at the end', 'like(sysUser.userName, q.userName + "%")'],
  ])('flags %s', (_name, line) => {
    expect(buildsLikePattern(line)).toBe(true);
  });

  it.each([
    ['the helper', 'q.name ? like(ccmsLibrary.name, containing(q.name)) : undefined,'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of source, placeholder and all
    ['a prefix through the helper', 'ilike(T.folder, startingWith(`${folder}/`))'],
    ['a constant pattern', "like(ccmsCatalogDocument.branch, 'frozen/%')"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of source, placeholder and all
    ['a percentage in text', '`<td>${totals[k]}${k === "coverage" ? " %" : ""}</td>`'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of source, placeholder and all
    ['a width in a style', 'style="width: ${w}%;"'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a comment quoting the old way
    ['a comment', '// was like(col, `%${text}%`)'],
  ])('passes %s', (_name, line) => {
    expect(buildsLikePattern(line)).toBe(false);
  });
});

describe('check-like-patterns over a tree', () => {
  let base = '';
  const write = (rel, text) => {
    mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
    writeFileSync(path.join(base, rel), text);
  };
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('reports a hand-built pattern in server code as file:line: text, and leaves the helper and tests out', () => {
    base = mkdtempSync(path.join(tmpdir(), 'like-'));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source
    write('apps/server/src/modules/x/x.queries.ts', "import { like } from 'drizzle-orm';\nexport const f = (q) => like(t.name, `%${q}%`);\n");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source
    write('apps/server/src/platform/db/filters.ts', 'export const containing = (text) => `%${escapeLike(text)}%`;\n');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source
    write('apps/server/src/modules/x/x.test.ts', 'const p = `%${name}%`;\n');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source
    expect(check(base)).toEqual(['apps/server/src/modules/x/x.queries.ts:2: export const f = (q) => like(t.name, `%${q}%`);']);
  });

  it('passes a tree whose patterns go through the helper', () => {
    base = mkdtempSync(path.join(tmpdir(), 'like-'));
    write('apps/server/src/modules/x/x.queries.ts', 'export const f = (q) => like(t.name, containing(q));\n');
    expect(check(base)).toEqual([]);
  });
});
