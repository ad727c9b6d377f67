/**
 * The package's own XML parser (one pass, internal subset kept, line of every element) checked
 * against libxml2 (libxml2-wasm) over every XML object of the Bike and FOSSIG sets: the same
 * elements, in the same order, on the same lines. (libxml2 gives the line where a start tag ends,
 * this parser the line of its `<`: they differ only for start tags written over several lines.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { descendants, parseXml } from '../src/xml.js';
import { s1000dCorpus } from './corpora.js';

const bike = s1000dCorpus('s1000d-bike-4.1');
const fossig = s1000dCorpus('s1000d-fossig-4.2');

describe.skipIf(bike === undefined || fossig === undefined)('XML parser against libxml2', () => {
  it('reads the same elements on the same lines as libxml2 in every Bike and FOSSIG object', async () => {
    const lib = await import('libxml2-wasm');
    const files = [path.join(bike ?? '', 'csdb'), path.join(fossig ?? '', 'csdb')].flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => /\.xml$/i.test(f))
        .map((f) => path.join(dir, f)),
    );
    expect(files.length).toBe(103 + 12);
    for (const file of files) {
      const bytes = readFileSync(file);
      const text = bytes.toString('utf8');
      const lineStarts = [0];
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
      // The line on which the start tag that begins on `line` (at `column`) ends.
      const endLine = (line: number, column: number): number => {
        const gt = text.indexOf('>', (lineStarts[line - 1] ?? 0) + column - 1);
        let l = line;
        while (l < lineStarts.length && (lineStarts[l] ?? Number.POSITIVE_INFINITY) <= gt) l++;
        return l;
      };
      const ours = [...descendants(parseXml(bytes).root)].map((el) => `${el.name}@${endLine(el.line, el.column)}`);
      const doc = lib.XmlDocument.fromBuffer(bytes);
      try {
        const theirs = doc.find('//*').map((n) => {
          const el = n as InstanceType<typeof lib.XmlElement>;
          return `${el.namespacePrefix ? `${el.namespacePrefix}:` : ''}${el.name}@${el.line}`;
        });
        expect(ours, path.basename(file)).toEqual(theirs);
      } finally {
        doc.dispose();
      }
    }
  });
});
