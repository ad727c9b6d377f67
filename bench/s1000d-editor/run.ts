/**
 * The topic editor on S1000D data modules (issue 31): the largest data module of the Bike sample
 * (s1000d-bike-4.1) opened in the visual model (xmlToDoc with the S1000D vocabulary: open to
 * editable) and written back with no edit; then through the API (app in-process, PGlite, the Bike
 * set on a local smart-HTTP remote): open, the check on pause (validate: well-formedness, schema,
 * layered BREX) and a save round trip (checked, committed as the caller, pushed, reindexed); the
 * insert menu worked out from the installed 5.0 XSD at each block, a field of the identification
 * form set, and the preview rendered by the S1000D publish renderer (all and for one product).
 * Prints p50/p95; asserts nothing.
 *   node --import tsx bench/s1000d-editor/run.ts        BENCH_S1000D_SAVES (default 10)
 * Targets: open to editable < 500 ms, check on pause < 50 ms, save round trip < 1 s, insert menu
 * < 16 ms, a form field < 16 ms, preview < 200 ms.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { s1000dPreviewHtml } from '../../apps/server/src/modules/content/topic-editor/preview-render';
import { startGitServer } from '../../apps/server/test/git-http-server';
import { islandForm, setField } from '../../apps/web/src/features/content/topic-editor/model/island-form';
import { grammarAllows, insertMenuAt } from '../../apps/web/src/features/content/topic-editor/model/s1000d-insert';
import { schemaOf } from '../../apps/web/src/features/content/topic-editor/model/schema';
import { xmlToDoc } from '../../apps/web/src/features/content/topic-editor/model/to-editor';
import { docToXml } from '../../apps/web/src/features/content/topic-editor/model/to-xml';
import { S1000D_VOCABULARY } from '../../apps/web/src/features/content/topic-editor/model/vocabulary';
import type { EditorDocument, EditorSaveResult } from '../../packages/contracts/src/content/topic-editor';
import { grammarOfXsd, parseXml as parseXsd } from '../../packages/s1000d/src/index';
import { s1000dCorpus } from '../../test-support/s1000d-corpora';
import { startApp } from '../lib/app';

const SAVES = Number(process.env.BENCH_S1000D_SAVES ?? 10);
const BIKE = s1000dCorpus('s1000d-bike-4.1');
if (!BIKE) throw new Error('the s1000d-bike-4.1 corpus is needed');
const CSDB = path.join(BIKE, 'csdb');
const largest = readdirSync(CSDB)
  .filter((n) => n.startsWith('DMC-') && n.endsWith('.XML'))
  .sort((a, b) => statSync(path.join(CSDB, b)).size - statSync(path.join(CSDB, a)).size)[0] as string;
const xml = readFileSync(path.join(CSDB, largest), 'utf8');

function report(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  console.log(`${label.padEnd(56)} p50 ${at(0.5).toFixed(1).padStart(7)} ms  p95 ${at(0.95).toFixed(1).padStart(7)} ms  (n=${sorted.length})`);
}

async function timeOf(fn: () => unknown): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

console.log(`largest data module: ${largest}, ${(xml.length / 1024).toFixed(0)} KiB, ${xml.split('\n').length} lines`);
const schema = schemaOf(S1000D_VOCABULARY);
const opens: number[] = [];
for (let i = 0; i < 20; i++) opens.push(await timeOf(() => xmlToDoc(`${xml}<!-- ${i} -->`, { vocabulary: S1000D_VOCABULARY })));
report('model: xmlToDoc, S1000D vocabulary (open to editable)', opens);
const { doc } = xmlToDoc(xml, { vocabulary: S1000D_VOCABULARY });
const writes: number[] = [];
for (let i = 0; i < 20; i++) writes.push(await timeOf(() => docToXml(doc, xml, schema)));
if (docToXml(doc, xml, schema) !== xml) throw new Error('the round trip changed the module');
report('model: docToXml, no edit (identical bytes)', writes);

// The insert menu from the installed XSD at every textblock of a procedure (what opening the menu costs).
const SCHEMAS = s1000dCorpus('s1000d-schemas-5.0');
if (SCHEMAS) {
  const proced = readFileSync(path.join(CSDB, 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A_008-00_EN-US.XML'), 'utf8');
  const g = grammarOfXsd(parseXsd(readFileSync(path.join(SCHEMAS, 'xml_schema_flat', 'proced.xsd'))).root);
  const grammar = { schema: 'proced.xsd', issue: '5.0', servedIssue: '5.0', roots: g.roots, elements: g.elements };
  grammarAllows(grammar);
  const pm = schema.nodeFromJSON(xmlToDoc(proced, { vocabulary: S1000D_VOCABULARY }).doc);
  const positions: number[] = [];
  pm.descendants((n, pos) => {
    if (n.isTextblock) positions.push(pos + 1);
  });
  const menus: number[] = [];
  for (const at of positions) menus.push(await timeOf(() => insertMenuAt(grammar, pm.resolve(at), schema)));
  report('model: insert menu from proced.xsd at a textblock (258A)', menus);
}
const identXml = /<identAndStatusSection[\s\S]*?<\/identAndStatusSection>/.exec(xml)?.[0];
if (identXml) {
  const field = islandForm(identXml)?.fields.find((f) => f.key.endsWith('#text'));
  const sets: number[] = [];
  for (let i = 0; i < 50; i++) sets.push(await timeOf(() => islandForm(setField(identXml, field?.key ?? '', `value ${i}`))));
  report('form: identification field set and the form read again', sets);
}
const previews: number[] = [];
for (let i = 0; i < 10; i++) previews.push(await timeOf(() => s1000dPreviewHtml(largest, xml, 'en', undefined)));
report('preview: S1000D publish renderer, all products', previews);
const forOne: number[] = [];
for (let i = 0; i < 10; i++) forOne.push(await timeOf(() => s1000dPreviewHtml(largest, xml, 'en', { type: 'Mountain bicycle', version: 'Mk9' })));
report('preview: S1000D publish renderer, for one product', forOne);

const work = await mkdtemp(path.join(tmpdir(), 'ccms-bench-s1000d-editor-'));
const server = await startGitServer({});
await server.createRepo('bike', { folder: BIKE });
const app = await startApp(path.join(work, 'app'), 'bench12345');
try {
  const { call } = app;
  const created = await call<{ data: { libraryId: number } }>('POST', '/ccms/library', {
    body: { name: 'bike', libraryType: 'S1000D', url: server.url('bike'), defaultBranch: 'main' },
  });
  const libraryId = created.data.libraryId;
  const file = `csdb/${largest}`;
  const open = () => call<{ data: EditorDocument }>('GET', '/ccms/topic-editor/open', { query: { libraryId, path: file } }).then((r) => r.data);
  let opened = await open();
  await call('GET', '/ccms/topic/list', { query: { libraryId } }); // the catalogue's first full index, outside the figures
  await call('POST', '/ccms/topic-editor/validate', { body: { libraryId, path: file, content: opened.content } }); // the BREX set read once
  const apiOpens: number[] = [];
  for (let i = 0; i < 5; i++) apiOpens.push(await timeOf(open));
  report('API: open (read at the head, status, draft)', apiOpens);
  const checks: number[] = [];
  for (let i = 0; i < 20; i++)
    checks.push(
      await timeOf(() => call('POST', '/ccms/topic-editor/validate', { body: { libraryId, path: file, content: `${opened.content}<!-- ${i} -->` } })),
    );
  report('API: check on pause (well-formed, schema, layered BREX)', checks);
  const saves: number[] = [];
  for (let i = 0; i < SAVES; i++) {
    const content = opened.content.replace('</dmodule>', `<!-- bench edit ${i} --></dmodule>`);
    let saved: EditorSaveResult | undefined;
    saves.push(
      await timeOf(async () => {
        saved = (
          await call<{ data: EditorSaveResult }>('PUT', '/ccms/topic-editor/save', {
            body: { libraryId, path: file, content, baseCommit: opened.baseCommit, baseBlob: opened.baseBlob },
          })
        ).data;
      }),
    );
    if (!saved || saved.unchanged) throw new Error('a save committed nothing');
    opened = { ...opened, content: saved.content, baseCommit: saved.commit, baseBlob: saved.blob };
  }
  report('API: save round trip (check, commit, push, reindex)', saves);
  console.log('targets: open to editable < 500 ms; check on pause < 50 ms; save round trip < 1,000 ms');
} finally {
  await app.close();
  await server.close();
  await rm(work, { recursive: true, force: true });
}
