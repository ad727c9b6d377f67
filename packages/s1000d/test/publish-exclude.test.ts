/**
 * Exclude rows of a publication's filter group on the Bike set (issue 31): `ident = value` excluded
 * drops the content whose applicability can only hold with that value (modules from the PM, elements
 * from a module's instance), keeps content another value still satisfies, and leaves the rest open as
 * with no selection; excluding a value the product or an include row assigns is refused.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Applic, evaluateApplic } from '../src/applic.js';
import { readCsdbFolder } from '../src/index.js';
import { planPublication, readSetFolder } from '../src/publish/plan.js';
import { resolveSelection, type Selection } from '../src/publish/selection.js';
import { s1000dCorpus } from './corpora.js';

const corpus = s1000dCorpus('s1000d-bike-4.1');
const csdbDir = path.join(corpus ?? '', 'csdb');
const PM = 'PMC-S1000DBIKE-C3002-EPWG1-00_000-01_EN-US.XML';
const MK1_ONLY = ['DMC-S1000DBIKE-AAA-D00-00-01-00AA-720A-A', 'DMC-S1000DBIKE-AAA-DA2-40-00-00AA-720A-A'];

const assert = (ident: string, values: string): Applic => ({ kind: 'assert', ident, type: 'prodattr', values, line: 1 });
const ex = (o: Record<string, string[]>) => new Map(Object.entries(o).map(([k, v]) => [k, new Set(v)]));

describe('an excluded applicability value', () => {
  it('makes an assertion false only when every value it allows is excluded (a range never is; "" excludes all)', () => {
    expect(evaluateApplic(assert('model', 'Mountain storm'), {}, ex({ model: ['Mountain storm'] }))).toBe(false);
    expect(evaluateApplic(assert('model', 'Brook trekker|Mountain storm'), {}, ex({ model: ['Mountain storm'] }))).toBeUndefined();
    expect(evaluateApplic(assert('model', 'Brook trekker|Mountain storm'), {}, ex({ model: ['Mountain storm', 'Brook trekker'] }))).toBe(false);
    expect(evaluateApplic(assert('versrank', '1~3'), {}, ex({ versrank: ['2'] }))).toBeUndefined();
    expect(evaluateApplic(assert('versrank', '1~3'), {}, ex({ versrank: [''] }))).toBe(false);
    expect(evaluateApplic(assert('model', 'Mountain storm'), {}, ex({ version: ['Mk1'] }))).toBeUndefined();
    // An assigned property is decided by its value, as before.
    expect(evaluateApplic(assert('model', 'Mountain storm'), { model: 'Mountain storm' }, ex({}))).toBe(true);
    // and/or: an and with an excluded operand is false; an or keeps the other branch open.
    const mk1: Applic = { kind: 'evaluate', op: 'and', operands: [assert('model', 'Mountain storm'), assert('version', 'Mk1')], line: 1 };
    const mk9: Applic = { kind: 'evaluate', op: 'and', operands: [assert('model', 'Brook trekker'), assert('version', 'Mk9')], line: 1 };
    expect(evaluateApplic(mk1, {}, ex({ version: ['Mk1'] }))).toBe(false);
    expect(evaluateApplic({ kind: 'evaluate', op: 'or', operands: [mk1, mk9], line: 1 }, {}, ex({ version: ['Mk1'] }))).toBeUndefined();
  });
});

describe.skipIf(corpus === undefined)('exclude rows on the Bike set’s ACT and PCT', () => {
  const objects = () => readSetFolder(csdbDir).values();
  const pages = (selection: Selection) => {
    const { plan, problems } = planPublication(objects(), PM, selection);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    return (plan?.pages ?? []).map((p) => p.dm.code);
  };

  it('resolves exclusions beside the assignment: declared properties only, never the value assigned', () => {
    const csdb = readCsdbFolder(csdbDir);
    const only = resolveSelection(csdb, { exclude: { model: ['Mountain storm'] } });
    expect(only).toMatchObject({ ok: true, assignment: {}, label: 'model≠Mountain storm' });
    expect(only.ok && [...only.excluded]).toEqual([['model', new Set(['Mountain storm'])]]);
    expect(resolveSelection(csdb, { exclude: { colour: ['red'] } })).toEqual({ ok: false, reason: 'propertyUnknown', value: 'colour' });
    // 1B070643 is a Brook trekker: excluding Brook trekker contradicts it, excluding Mountain storm changes nothing.
    expect(resolveSelection(csdb, { product: '1B070643', exclude: { model: ['Brook trekker'] } })).toEqual({
      ok: false,
      reason: 'excludedAssigned',
      value: 'model=Brook trekker',
    });
    expect(resolveSelection(csdb, { assign: { version: 'Mk9' }, exclude: { version: [''] } })).toMatchObject({ ok: false, reason: 'excludedAssigned' });
    const redundant = resolveSelection(csdb, { product: '1B070643', exclude: { model: ['Mountain storm'] } });
    expect(redundant.ok && redundant.excluded.size).toBe(0);
    // Include and exclude rows together: version Mk9 assigned, model Mountain storm excluded.
    expect(resolveSelection(csdb, { assign: { version: 'Mk9' }, exclude: { model: ['Mountain storm'] } })).toMatchObject({
      ok: true,
      assignment: { version: 'Mk9' },
      label: 'version=Mk9, model≠Mountain storm',
    });
  });

  it('drops from PM EPWG1 the modules that need only the excluded model, as publishing for the other model does', () => {
    const all = pages({});
    const noStorm = pages({ exclude: { model: ['Mountain storm'] } });
    expect(all.filter((c) => !noStorm.includes(c))).toEqual(MK1_ONLY);
    expect(noStorm).toEqual(pages({ product: '1B070643' }));
    // Excluding both models leaves only what names no model; excluding a value no module needs alone changes nothing.
    const neither = pages({ exclude: { model: ['Mountain storm', 'Brook trekker'] } });
    expect(neither.length).toBeLessThan(noStorm.length);
    expect(neither.every((c) => noStorm.includes(c))).toBe(true);
    expect(pages({ exclude: { model: ['BR01'] } })).toEqual(all);
    // With an include row: version Mk9 is assigned, so the Mk1 modules go anyway.
    expect(pages({ assign: { version: 'Mk9' }, exclude: { model: ['Mountain storm'] } })).toEqual(pages({ assign: { version: 'Mk9' } }));
  });

  it('removes from a module’s instance the elements whose applic needs the excluded value (258A: apMK1 goes, apMK9 stays)', () => {
    const csdb = readCsdbFolder(csdbDir);
    const dm = csdb.objects.find((o) => o.code === 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A');
    expect(dm).toBeDefined();
    if (!dm) return;
    const refs = (root: unknown): string[] => {
      const out: string[] = [];
      const walk = (el: { attrs?: Record<string, string>; children?: unknown[] }) => {
        if (el.attrs?.applicRefId) out.push(el.attrs.applicRefId);
        for (const c of el.children ?? []) if ((c as { type?: string }).type === 'element') walk(c as never);
      };
      walk(root as never);
      return out;
    };
    const open = csdb.instance(dm, {});
    expect(Object.keys(open?.removed ?? {})).toEqual([]);
    const before = refs(open?.doc.root);
    expect(before).toContain('apMK1');
    expect(before).toContain('apMK9');
    const instance = csdb.instance(dm, {}, { excluded: ex({ model: ['Mountain storm'] }) });
    const after = refs(instance?.doc.root);
    expect(after).not.toContain('apMK1');
    expect(after.filter((r) => r === 'apMK9')).toEqual(before.filter((r) => r === 'apMK9'));
    expect(instance?.removed).toEqual(csdb.instance(dm, csdb.productAssignment('1B070643') ?? {})?.removed);
  });
});
