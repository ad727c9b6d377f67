import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusForTests } from '../../../../../../../test-support/corpus';
import { parseXml, serialize } from '../../shared/lossless-xml';
import { generateCorpus } from './testing/generate-topics';
import { convertXml, xmlToDoc } from './to-editor';
import { docToXml } from './to-xml';

/** The corpus (CCMS_CORPUS_DIR, or ../shared beside the repository); absent on a plain clone: that test is skipped. */
const CORPUS_DIR = corpusForTests();
const CORPORA = CORPUS_DIR ?? '';

function ditaFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...ditaFiles(p));
    else if (name.endsWith('.dita')) out.push(p);
  }
  return out;
}

/** The files whose open + save (no edit) did not give back the input, with the first differing offset. */
function roundTripFailures(texts: Array<{ name: string; xml: string }>): string[] {
  const failures: string[] = [];
  for (const { name, xml } of texts) {
    if (serialize(parseXml(xml)) !== xml) failures.push(`${name}: lossless-xml`);
    const { doc } = xmlToDoc(xml);
    const out = docToXml(doc, xml);
    if (out !== xml) {
      let i = 0;
      while (i < xml.length && out[i] === xml[i]) i++;
      failures.push(`${name}: differs at ${i}: ${JSON.stringify(xml.slice(i, i + 40))} / ${JSON.stringify(out.slice(i, i + 40))}`);
    }
  }
  return failures;
}

describe('round trip without loss', () => {
  it.skipIf(CORPUS_DIR === undefined)('opens and saves every topic of the shared corpus unchanged', () => {
    const files = ditaFiles(CORPORA);
    expect(files.length).toBeGreaterThan(100);
    const texts = files.map((f) => ({ name: path.relative(CORPORA, f), xml: readFileSync(f, 'utf8') }));
    expect(roundTripFailures(texts)).toEqual([]);
    // The corpus is mostly editable: the visual view models it rather than keeping it all as islands.
    const editable = texts.filter(({ xml }) => convertXml(xml).pmDoc.firstChild?.type.name !== 'island');
    expect(editable.length).toBe(texts.length);
  });

  it('opens and saves 1,000 generated topics unchanged', () => {
    const corpus = generateCorpus(1000);
    const texts = corpus.map((xml, i) => ({ name: `generated-${i}`, xml }));
    expect(roundTripFailures(texts)).toEqual([]);
    // The generator writes well-formed topics; each is modelled (islands only where intended).
    const converted = texts.map(({ name, xml }) => ({ name, ...convertXml(xml) }));
    expect(converted.filter((c) => !c.editable).map((c) => c.name)).toEqual([]);
    expect(converted.filter((c) => c.pmDoc.firstChild?.type.name === 'island').map((c) => c.name)).toEqual([]);
    // Six seconds alone on this machine: the time a loaded run needs.
  }, 60_000);

  it('keeps a file that is not well-formed exactly as it is', () => {
    const bad = '<?xml version="1.0"?>\n<topic id="a"><title>x</titl></topic>\n';
    const { doc, editable, problems } = xmlToDoc(bad);
    expect(editable).toBe(false);
    expect(problems.length).toBeGreaterThan(0);
    expect(docToXml(doc, bad)).toBe(bad);
  });
});
