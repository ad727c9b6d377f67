import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Brex, loadBrex } from '../../src/validate/brex.js';
import { checkBrex } from '../../src/validate/check.js';
import { brexLayers } from '../../src/validate/layers.js';
import { parseObject } from '../../src/validate/xml.js';
import { s1000dCorpus } from '../corpora.js';

const fossig = s1000dCorpus('s1000d-fossig-4.2');
const defaults = s1000dCorpus('s1000d-default-brex');

describe.skipIf(fossig === undefined || defaults === undefined)('FOSSIG (Issue 4.2): layered BREX', () => {
  it('each object names the FOSSIG BREX (no rules of its own), which names the Issue 4.2 default (F): two layers, none missing', () => {
    const csdb = path.join(fossig ?? '', 'csdb');
    const read = (file: string): Brex => {
      const { brex } = loadBrex(readFileSync(file), file);
      if (brex === undefined) throw new Error(file);
      return brex;
    };
    const own = read(path.join(csdb, 'DMC-FOSSIG-A-00-00-0000-00A-022A-D_000-01_EN-CA.XML'));
    const f = read(path.join(defaults ?? '', 'DMC-S1000D-F-04-10-0301-00A-022A-D_001-00_EN-US.XML'));
    expect(own.rules).toEqual([]);
    expect(own.brexRef).toBe(f.dmc);
    const files = readdirSync(csdb).filter((n) => /^(DMC|PMC|DML)-.*\.XML$/.test(n));
    let errors = 0;
    const started = performance.now();
    for (const file of files) {
      const { object } = parseObject(readFileSync(path.join(csdb, file)), file);
      if (object === undefined) throw new Error(file);
      try {
        const { layers, problems } = brexLayers(object, (dmc) => (dmc === own.dmc ? own : undefined), {
          defaultBrex: (issue, dmc) => (issue === '4.2' && dmc === f.dmc ? f : undefined),
        });
        expect(problems).toEqual([]);
        if (file.startsWith('DMC-') && !file.includes('-022A-')) expect(layers.map((b) => b.dmc)).toEqual([own.dmc, f.dmc]);
        errors += checkBrex(object, layers, { values: true }).length;
      } finally {
        object.dispose();
      }
    }
    console.log(`FOSSIG: ${files.length} objects against FOSSIG + F BREX with values: ${errors} problems in ${(performance.now() - started).toFixed(0)} ms`);
  });
});
