import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Brex, loadBrex } from '../../src/validate/brex.js';
import { checkBrex } from '../../src/validate/check.js';
import { brexLayers } from '../../src/validate/layers.js';
import { lintBrex } from '../../src/validate/lint.js';
import { SchemaPackage } from '../../src/validate/schema.js';
import { type ParsedObject, parseObject } from '../../src/validate/xml.js';
import { s1000dCorpus } from '../corpora.js';

const bike = s1000dCorpus('s1000d-bike-4.1');
const defaults = s1000dCorpus('s1000d-default-brex');
const schemas = s1000dCorpus('s1000d-schemas-5.0');
const PROJECT_BREX = 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-022A-D_008-00_EN-US.XML';

function readBrex(file: string): Brex {
  const { brex, problems } = loadBrex(readFileSync(file), file);
  expect(problems).toEqual([]);
  if (brex === undefined) throw new Error(`no BREX in ${file}`);
  return brex;
}

describe.skipIf(bike === undefined || defaults === undefined)('BREX over the Bike sample (README fact 5)', () => {
  const csdb = path.join(bike ?? '', 'csdb');
  const objects: ParsedObject[] = [];
  const brexByDmc = new Map<string, Brex>();
  let project: Brex;
  let defaultE: Brex;

  beforeAll(() => {
    const started = performance.now();
    for (const f of readdirSync(csdb)
      .filter((n) => /^(DMC|PMC)-.*\.XML$/i.test(n))
      .sort()) {
      const parsed = parseObject(readFileSync(path.join(csdb, f)), f);
      if (parsed.object === undefined) throw new Error(`${f}: ${parsed.problems[0]?.message}`);
      objects.push(parsed.object);
    }
    console.log(`Bike: ${objects.length} objects parsed in ${(performance.now() - started).toFixed(0)} ms`);
    project = readBrex(path.join(csdb, PROJECT_BREX));
    defaultE = readBrex(path.join(defaults ?? '', 'DMC-S1000D-E-04-10-0301-00A-022A-D_012-00_EN-US.XML'));
    brexByDmc.set(project.dmc, project);
  });
  afterAll(() => {
    for (const o of objects) o.dispose();
  });

  const lookup = (dmc: string) => brexByDmc.get(dmc);
  const defaultBrex = (_issue: string | undefined, dmc: string) => (dmc === defaultE.dmc ? defaultE : undefined);

  it('reads the project BREX: 47 rules, one contextRules without rulesContext, pointing at the 4.1 default BREX', () => {
    expect(project.dmc).toBe('DMC-S1000DBIKE-AAA-D00-00-00-00AA-022A-D');
    expect(project.rules).toHaveLength(47);
    expect(project.contextRules).toEqual([{ context: undefined, rules: 47 }]);
    expect(project.brexRef).toBe('DMC-S1000D-E-04-10-0301-00A-022A-D');
    expect(project.issue).toBe('4.1');
  });

  it("layers each module: its brexDmRef (the project BREX), then that one's (the Issue 4.1 default)", () => {
    const module = objects.find((o) => o.file.includes('-121A-A_'));
    if (module === undefined) throw new Error('no 121A module');
    const { layers, problems } = brexLayers(module, lookup, { defaultBrex });
    expect(problems).toEqual([]);
    expect(layers.map((b) => b.dmc)).toEqual([project.dmc, defaultE.dmc]);
  });

  function runAll(values: boolean) {
    const started = performance.now();
    const problems = objects.flatMap((o) => {
      const { layers, problems: layerProblems } = brexLayers(o, lookup, { defaultBrex });
      expect(layerProblems).toEqual([]);
      return checkBrex(o, layers, { values });
    });
    return { problems, ms: performance.now() - started };
  }

  it('98 objects (94 DMC + 4 PMC): 0 errors from object paths alone', () => {
    expect(objects.filter((o) => o.file.startsWith('DMC-'))).toHaveLength(94);
    expect(objects.filter((o) => o.file.startsWith('PMC-'))).toHaveLength(4);
    runAll(false); // first run compiles the XPaths
    const { problems, ms } = runAll(false);
    console.log(`Full layered BREX over Bike (paths only): ${ms.toFixed(0)} ms (target < 500 ms)`);
    expect(problems).toEqual([]);
  });

  it('with objectValue checking exactly 1: the 952A-T-H31A module, "Bike information codes", @infoCode 952 at line 13', () => {
    const { problems, ms } = runAll(true);
    console.log(`Full layered BREX over Bike (with values): ${ms.toFixed(0)} ms (target < 500 ms)`);
    expect(problems).toHaveLength(1);
    const [p] = problems;
    expect(p).toMatchObject({
      severity: 'error',
      code: 'brex-value',
      file: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-952A-T-H31A_002-00_EN-US.XML',
      line: 13,
      xpath: '/dmodule[1]/identAndStatusSection[1]/dmAddress[1]/dmIdent[1]/dmCode[1]/@infoCode',
      rule: { brex: project.dmc, use: 'Bike information codes', path: '//dmAddress/dmIdent/dmCode/@infoCode' },
    });
    expect(p?.message).toContain('Bike information codes');
    expect(p?.message).toContain('"952"');
    expect(p?.messages.zh).toContain('Bike information codes');
    const rule = project.rules.find((r) => r.use === 'Bike information codes');
    expect(rule?.values).toHaveLength(57);
    // The column is that of the attribute on line 13.
    const module = objects.find((o) => o.file === p?.file);
    const line13 = module?.text.split('\n')[12] ?? '';
    expect(line13.slice((p?.column ?? 1) - 1)).toMatch(/^infoCode="952"/);
  });

  it('the Issue 4.1 default BREX alone: 0 errors (with or without values)', () => {
    const problems = objects.flatMap((o) => checkBrex(o, [defaultE]));
    expect(problems).toEqual([]);
    // With values too: the one value error of the set comes from the project BREX.
    expect(objects.flatMap((o) => checkBrex(o, [defaultE], { values: true }))).toEqual([]);
  });

  it('one module takes well under the whole set', () => {
    const module = objects.find((o) => o.file.includes('-258A-A_'));
    if (module === undefined) throw new Error('no 258A module');
    const { layers } = brexLayers(module, lookup, { defaultBrex });
    checkBrex(module, layers, { values: true });
    const started = performance.now();
    checkBrex(module, layers, { values: true });
    console.log(`One module (258A, ${layers.reduce((n, b) => n + b.rules.length, 0)} rules): ${(performance.now() - started).toFixed(1)} ms (target < 50 ms)`);
  });

  it.skipIf(schemas === undefined)('the linter reports the misspelt @subSubystemCode rule (and other names no schema declares), not the sound ones', () => {
    const pkg = SchemaPackage.fromDirectory(path.join(schemas ?? '', 'xml_schema_flat'));
    try {
      const vocabulary = pkg.vocabulary();
      const found = lintBrex(project, vocabulary);
      const misspelt = found.find((p) => p.rule?.path === '//dmAddress/dmIdent/dmCode/@subSubystemCode');
      expect(misspelt).toMatchObject({ code: 'brex-rule-never-matches', file: path.join(csdb, PROJECT_BREX) });
      expect(misspelt?.message).toContain('@subSubystemCode');
      expect(misspelt?.message).toContain('did you mean @subSubSystemCode?');
      expect(misspelt?.messages.zh).toContain('@subSubystemCode');
      expect(misspelt?.line).toBe(
        readFileSync(path.join(csdb, PROJECT_BREX), 'utf8')
          .split('\n')
          .findIndex((l) => l.includes('@subSubystemCode')) + 1,
      );
      // Case slips are caught too (the schemas declare acronymType and crewMemberType).
      expect(found.some((p) => p.message.includes('@acronymtype') && p.message.includes('did you mean @acronymType?'))).toBe(true);
      expect(found.some((p) => p.message.includes('@crewMembertype'))).toBe(true);
      // Every finding names something the schemas do not declare; the sound rules are not reported.
      for (const p of found) expect(p.code).toBe('brex-rule-never-matches');
      const reported = new Set(found.map((p) => p.rule?.index));
      const sound = project.rules.filter((r) => !reported.has(r.index));
      expect(sound.map((r) => r.path)).toContain('//dmAddress/dmIdent/dmCode/@infoCode');
      expect(sound.length).toBeGreaterThan(35);
    } finally {
      pkg.dispose();
    }
  });
});
