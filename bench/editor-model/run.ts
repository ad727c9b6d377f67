/** The topic editor model: open (xmlToDoc) and save (docToXml) of a generated 2,000-line topic, no edit and one edit. */
import { performance } from 'node:perf_hooks';
import { generateTopic } from '../../apps/web/src/features/content/topic-editor/model/testing/generate-topics';
import { convertXml, xmlToDoc } from '../../apps/web/src/features/content/topic-editor/model/to-editor';
import { docToXml } from '../../apps/web/src/features/content/topic-editor/model/to-xml';

let blocks = 8;
let xml = generateTopic(7, blocks);
while (xml.split('\n').length < 2000) {
  blocks *= 2;
  xml = generateTopic(7, blocks);
}
const lines = xml.split('\n').length;

function time(label: string, runs: number, fn: () => void): void {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const p = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]?.toFixed(1);
  console.log(`${label}: p50 ${p(0.5)} ms, p95 ${p(0.95)} ms (${runs} runs)`);
}

console.log(`topic: ${lines} lines, ${xml.length} characters`);
time('xmlToDoc (open to editable)', 20, () => xmlToDoc(xml));
const { doc } = xmlToDoc(xml);
time('docToXml, no edit (original cached)', 20, () => docToXml(doc, xml));
// One edit: the first paragraph's text changes.
const pm = convertXml(xml).pmDoc;
let edited = pm;
pm.descendants((n, pos) => {
  if (edited === pm && n.type.name === 'p' && n.content.size > 0) edited = pm.replace(pos + 1, pos + 1, pm.slice(pos + 1, pos + 2));
  return edited === pm;
});
time('docToXml, one paragraph edited', 20, () => docToXml(edited, xml));
time('xmlToDoc + docToXml, cold (new text each run)', 10, () => {
  const text = `${xml}\n<!-- ${Math.random()} -->`;
  docToXml(xmlToDoc(text).doc, text);
});
