import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBrex } from '../../src/validate/brex.js';
import { lintBrex } from '../../src/validate/lint.js';
import { s1000dCorpus } from '../corpora.js';

const dir = s1000dCorpus('s1000d-default-brex');

// The table of the corpus README: file, issue, structureObjectRules, contextRules blocks.
const TABLE: [string, string, number, number][] = [
  ['DMC-AE-A-04-10-0301-00A-022A-D_003-00.XML', '3.0', 37, 2],
  ['DMC-S1000D-A-04-10-0301-00A-022A-D_005-00_EN-US.XML', '4.0.1', 78, 1],
  ['DMC-S1000D-D-04-10-0301-00A-022A-D_006-00_EN-US.XML', '4.0.2', 78, 1],
  ['DMC-S1000D-E-04-10-0301-00A-022A-D_012-00_EN-US.XML', '4.1', 244, 6],
  ['DMC-S1000D-F-04-10-0301-00A-022A-D_001-00_EN-US.XML', '4.2', 260, 6],
  ['DMC-S1000D-G-04-10-0301-00A-022A-D_001-00_EN-US.XML', '5.0', 264, 7],
  ['DMC-S1000D-H-04-10-0301-00A-022A-D_001-00_EN-US.XML', '6', 269, 7],
];

describe.skipIf(dir === undefined)('the default BREX of each issue (s1000d-default-brex README)', () => {
  it.each(TABLE)('%s (Issue %s): %i rules in %i contextRules, every path an XPath, naming itself as its BREX', (file, _issue, rules, blocks) => {
    const full = path.join(dir ?? '', file);
    const { brex, problems } = loadBrex(readFileSync(full), full);
    expect(problems).toEqual([]);
    if (brex === undefined) throw new Error('no BREX');
    expect(brex.rules).toHaveLength(rules);
    expect(brex.contextRules).toHaveLength(blocks);
    expect(brex.dmc).toBe(file.replace(/_.*$/, ''));
    expect(brex.brexRef).toBe(brex.dmc);
    expect(lintBrex(brex)).toEqual([]);
    // One block without rulesContext; the others name a schema (E to H: comment, ddn, dml, pm, update; 5.0 and 6 icnmetadata).
    expect(brex.contextRules.filter((b) => b.context === undefined)).toHaveLength(1);
    for (const b of brex.contextRules)
      if (b.context !== undefined) expect(b.context).toMatch(/^http:\/\/www\.s1000d\.org\/S1000D_[\d-]+\/xml_schema_flat\/\w+\.xsd$/);
  });

  it('Issue 4.1 (E): its scoped rules name the 4.1 schemas of comment, ddn, dml, pm and update', () => {
    const full = path.join(dir ?? '', TABLE[3]?.[0] ?? '');
    const { brex } = loadBrex(readFileSync(full), full);
    expect(
      brex?.contextRules
        .map((b) => b.context)
        .filter((c) => c !== undefined)
        .map((c) => c.replace(/^.*\//, ''))
        .sort(),
    ).toEqual(['comment.xsd', 'ddn.xsd', 'dml.xsd', 'pm.xsd', 'update.xsd']);
    expect(brex?.issue).toBe('4.1');
  });
});
