import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { check, spellsQueryKey } from './check-query-keys.mjs';

describe('check-query-keys: query keys spelled in components', () => {
  it.each([
    ['a key array', "    queryKey: ['compliance', 'reportDocuments', libraryId],"],
    ['a key spread from a prop', '  const rows = useQuery({ queryKey: [...queryKey, q], queryFn: () => search(q) });'],
    ['a key in an invalidation', "    onSuccess: () => client.invalidateQueries({ queryKey: ['work'] }),"],
    ['a key passed as a prop', "      queryKey={['content', 'map-editor', 'pm-refs', libraryId]}"],
  ])('flags %s', (_name, line) => {
    expect(spellsQueryKey(line)).toBe(true);
  });

  it.each([
    ['a query definition spread', '    ...documentQueries.list({ libraryId, pageNum: 1, pageSize: 200 }),'],
    ['a key from a factory', '  onSuccess: () => client.invalidateQueries({ queryKey: tagKeys.all }),'],
    ['a hook', '  const releases = useReleaseOptions(projectId);'],
    ['a comment', "  // queryKey: ['old', 'key'] moved to tag-queries.ts"],
  ])('passes %s', (_name, line) => {
    expect(spellsQueryKey(line)).toBe(false);
  });
});

describe('check-query-keys over a tree', () => {
  let base = '';
  const write = (rel, text) => {
    mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
    writeFileSync(path.join(base, rel), text);
  };
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('reports an inline key in a component, leaves queries files, tests and excepted files out, and names exceptions that no longer hold', () => {
    base = mkdtempSync(path.join(tmpdir(), 'keys-'));
    write('apps/web/src/features/x/components/Picker.tsx', "const q = useQuery({\n  queryKey: ['x', 'pick', id],\n  queryFn,\n});\n");
    write('apps/web/src/features/x/x-queries.ts', "export const xKeys = { pick: (id) => [...keys.all, 'pick', id] };\nuseQuery({ queryKey: ['x', 'all'] });\n");
    write('apps/web/src/features/x/components/Picker.test.tsx', "render(<Q queryKey={['x']} />);\n");
    write('apps/web/src/features/y/Later.tsx', "useQuery({ queryKey: ['y'], queryFn });\n");
    write('apps/web/src/features/z/Done.tsx', 'useQuery(zQueries.list(params));\n');
    const exceptions = { 'apps/web/src/features/y/Later.tsx': 'later', 'apps/web/src/features/z/Done.tsx': 'converted already' };
    expect(check(base, exceptions)).toEqual({
      offences: ["apps/web/src/features/x/components/Picker.tsx:2: queryKey: ['x', 'pick', id],"],
      staleExceptions: ['apps/web/src/features/z/Done.tsx'],
    });
  });

  it('passes components that take their keys from the queries files', () => {
    base = mkdtempSync(path.join(tmpdir(), 'keys-'));
    write('apps/web/src/features/x/components/Picker.tsx', 'const q = useQuery({ ...xQueries.pick(id), enabled: open });\n');
    expect(check(base, {})).toEqual({ offences: [], staleExceptions: [] });
  });
});
