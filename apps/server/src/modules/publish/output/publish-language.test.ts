import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { allowLoopbackRemotes, libraryBody, libraryPrepared } from '../../content/content-test-kit';
import { outputFinished } from './publish-test-kit';

/**
 * The publish config's language reaches the DITA engine: content whose topics and map set no
 * xml:lang gets its generated text (note labels) in the publication's language; a topic's own
 * xml:lang still wins (issue 34: nearest xml:lang, then the map's, then the publication's).
 */
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
const MAP = '<?xml version="1.0" encoding="UTF-8"?>\n<map><title>Pumpe</title><topicref href="plain.dita"/><topicref href="fr.dita"/></map>\n';
const topic = (id: string, lang: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<topic id="${id}"${lang}><title>${id}</title><body><note>Check the seal.</note></body></topic>\n`;

let t: TestApp;
let admin: Caller;
let documentId = 0;
let configId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('pumpe', { files: { 'pumpe.ditamap': MAP, 'plain.dita': topic('plain', ''), 'fr.dita': topic('fr', ' xml:lang="fr-FR"') } });
  admin = await t.login();
  const created = await admin.post(api('/ccms/library'), libraryBody('pumpen', remote().url('pumpe')));
  expect(created.body.code, created.raw).toBe(200);
  const libraryId = created.body.data.libraryId as number;
  await libraryPrepared(admin, libraryId);
  const res = await admin.post(api('/ccms/library/publishConfig'), { libraryId, configName: 'web-de', format: 'html5', lang: 'de-DE', publishPath: 'preview' });
  expect(res.body.code, res.raw).toBe(200);
  const configs = (await admin.get(api('/ccms/library/publishConfig/list'), { libraryId })).body.data as { configId: number; configName: string }[];
  configId = configs.find((c) => c.configName === 'web-de')?.configId ?? 0;
  const docs = (await admin.get(api('/ccms/document/list'), { libraryId })).body.rows as { documentId: number; path: string }[];
  documentId = docs.find((d) => d.path === 'pumpe.ditamap')?.documentId ?? 0;
  expect(documentId).toBeGreaterThan(0);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the publication language', () => {
  it('words the generated text of content without xml:lang in the publish config language', async () => {
    const queued = await admin.post(api('/ccms/output/publish'), { documentId, configIds: [configId] });
    expect(queued.body.code, queued.raw).toBe(200);
    const [out] = queued.body.data as { outputId: number }[];
    const done = await outputFinished(admin, out?.outputId ?? 0);
    expect(done.status).toBe('success');
    const base = (done.viewUrl as string).replace(/[^/]*$/, '');
    const plain = await admin.get(`${base}plain.html`);
    expect(plain.status).toBe(200);
    // strings-de-de.xml: Note = "Anmerkung"; strings-fr-fr.xml: "Remarque", colon " :".
    expect(plain.raw).toContain('<html lang="de-DE">');
    expect(plain.raw).toContain('<span class="note__title">Anmerkung: </span>');
    const fr = await admin.get(`${base}fr.html`);
    expect(fr.raw).toContain('<span class="note__title">Remarque : </span>');
  }, 120_000);
});
