// biome-ignore-all lint/suspicious/noTemplateCurlyInString: templates and editor links spell their placeholders ${name}
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { threadTasksDone } from '../../../../test/thread-metrics';
import { ccmsDefaultEditor, ccmsDoctype, ccmsEditorLink, ccmsTemplate } from '../../../db/schema';
import { grammarRegistry } from '../grammar/grammar-registry';
import { checkDita, errorsIn } from '../shared/dita-validation';
import { templateService } from '../template/template.service';
import { doctypeGrammar } from './doctype-grammar';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const count = async (table: typeof ccmsDoctype | typeof ccmsTemplate | typeof ccmsEditorLink) => (await db().select().from(table)).length;

describe('document types', () => {
  it('are seeded with the DITA 1.3 types the engine knows, each with a default template that validates, and the S1000D schemas', async () => {
    const list = await admin.get('/prod-api/ccms/doctype/list?pageSize=50');
    const names = list.body.rows.map((r: { doctypeName: string }) => r.doctypeName);
    expect(names).toEqual([
      ...['topic', 'concept', 'task', 'reference', 'glossentry', 'troubleshooting', 'map', 'bookmap', 'subjectScheme'],
      ...['proced', 'descript', 'fault', 'ipd', 'crew', 'pm', 'dml'],
    ]);
    const task = list.body.rows.find((r: { doctypeName: string }) => r.doctypeName === 'task');
    expect(task).toMatchObject({
      rootElements: ['task'],
      fileSuffix: '.dita',
      validateOnSave: true,
      editor: 'topic',
      defaultTemplateName: '任务（含前提和步骤）',
    });
    // Every seeded template passes its own type's checks (DTD included where the catalogue has it), checked and
    // rendered on a content thread: a topic's preview is its rendering, a map's has none.
    const templates = await admin.get('/prod-api/ccms/template/list?pageSize=50');
    expect(templates.body.total).toBe(19);
    const dita = templates.body.rows.filter((r: { kind: string }) => r.kind !== 's1000d');
    const onThreads = await threadTasksDone('content', 'template');
    for (const tpl of dita) {
      const preview = await admin.post('/prod-api/ccms/template/preview', { doctypeId: tpl.doctypeId, lang: tpl.lang, content: tpl.content, title: 'T & <1>' });
      expect(errorsIn(preview.body.data.problems), `${tpl.templateName} ${tpl.lang}`).toEqual([]);
      expect(preview.body.data.xml).toContain('T &amp; &lt;1&gt;');
      if (tpl.kind === 'topic') expect(preview.body.data.html, `${tpl.templateName} ${tpl.lang}`).toContain('T &amp; &lt;1&gt;');
      else expect(preview.body.data.html).toBe('');
    }
    expect(await threadTasksDone('content', 'template')).toBe(onThreads + dita.length);
  });

  it('list the S1000D schemas by root element, with the s1000d grammar, not found while no S1000D schema package is installed', async () => {
    const rows = (await admin.get('/prod-api/ccms/doctype/list?pageSize=50')).body.rows;
    const s1000d = rows.filter((r: { grammar: string }) => r.grammar === 's1000d');
    expect(s1000d.map((r: { doctypeName: string; rootElements: string[]; editor: string }) => [r.doctypeName, r.rootElements, r.editor])).toEqual([
      ['proced', ['dmodule'], 'topic'],
      ['descript', ['dmodule'], 'topic'],
      ['fault', ['dmodule'], 'topic'],
      ['ipd', ['dmodule'], 'topic'],
      ['crew', ['dmodule'], 'topic'],
      ['pm', ['pm'], 'map'],
      ['dml', ['dml'], 'topic'],
    ]);
    for (const r of s1000d) expect(r).toMatchObject({ fileSuffix: '.xml', grammarFound: false, defaultTemplateName: expect.stringMatching(/^S1000D /) });
    // Saving or previewing an S1000D template says no schema package is installed (no crash).
    const proced = s1000d[0];
    const template = (await admin.get(`/prod-api/ccms/template/list?doctypeId=${proced.doctypeId}`)).body.rows[0];
    expect(template.kind).toBe('s1000d');
    const saved = await admin.put('/prod-api/ccms/template', {
      templateId: template.templateId,
      templateName: template.templateName,
      doctypeId: template.doctypeId,
      lang: template.lang,
      content: template.content,
    });
    expect(saved.body.code).toBe(400);
    expect(saved.body.msg).toMatch(/^No S1000D schema package is installed/);
    const preview = await callerFor(t.app, admin.token, 'zh').post('/prod-api/ccms/template/preview', {
      doctypeId: proced.doctypeId,
      content: template.content,
    });
    expect(preview.body.msg).toMatch(/^没有安装 S1000D 模式包/);
  });

  it('of S1000D do not speak for DITA files: a DITA file rooted <pm> is still checked against the catalogue', async () => {
    const grammar = doctypeGrammar(db(), grammarRegistry({ db: db(), storage: t.app.storage, dataDir: t.dataDir, log: t.app.log }));
    expect(await grammar.checksGrammar('pm')).toBe(true);
    expect(await grammar.checksGrammar('dmodule')).toBe(true);
  });

  it('refuses a duplicate name, a repeated root, a catalogue grammar without identifiers, writing nothing', async () => {
    const before = await count(ccmsDoctype);
    const body = { doctypeName: 'concept', rootElements: ['concept'], fileSuffix: '.dita', publicId: '-//X//EN' };
    expect((await admin.post('/prod-api/ccms/doctype', body)).body.msg).toBe('The document type "concept" already exists');
    expect((await admin.post('/prod-api/ccms/doctype', { ...body, doctypeName: 'note', rootElements: ['note', 'note'] })).body.msg).toBe(
      'A root element is listed twice',
    );
    expect((await admin.post('/prod-api/ccms/doctype', { ...body, doctypeName: 'note', publicId: '' })).body.msg).toBe(
      'A grammar from the catalogue needs a public or a system identifier',
    );
    expect((await admin.post('/prod-api/ccms/doctype', { ...body, doctypeName: 'note', fileSuffix: 'dita' })).body.msg).toBe(
      'File suffix is not in a valid format',
    );
    expect(await count(ccmsDoctype)).toBe(before);
    const zh = await callerFor(t.app, admin.token, 'zh').post('/prod-api/ccms/doctype', body);
    expect(zh.body.msg).toBe('文档类型“concept”已存在');
  });

  it('decide which saves the DTD checks: validation on refuses, off lets a well-formed file through', async () => {
    // Well-formed and structurally fine, but the DTD declares no such attribute.
    const text =
      '<?xml version="1.0"?>\n<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">\n<concept id="c"><title>T</title><conbody><p madeup="1">a</p></conbody></concept>\n';
    const grammar = doctypeGrammar(db(), grammarRegistry({ db: db(), storage: t.app.storage, dataDir: t.dataDir, log: t.app.log }));
    const on = await checkDita(text, 'c.dita', 'en', grammar);
    expect(errorsIn(on.problems).map((p) => p.code)).toContain('dtd.invalid');
    const concept = (await admin.get('/prod-api/ccms/doctype/list?doctypeName=concept')).body.rows[0];
    const { grammarFound, grammarVersion, grammarSource, grammarPackage, defaultTemplateName, createBy, createTime, updateTime, ...editable } = concept;
    expect((await admin.put('/prod-api/ccms/doctype', { ...editable, validateOnSave: false })).body.code).toBe(200);
    expect(errorsIn((await checkDita(text, 'c.dita', 'en', grammar)).problems)).toEqual([]);
    await admin.put('/prod-api/ccms/doctype', { ...editable, validateOnSave: true });
  });

  it('cannot be deleted while templates belong to them', async () => {
    const task = (await admin.get('/prod-api/ccms/doctype/list?doctypeName=task')).body.rows[0];
    const res = await admin.delete(`/prod-api/ccms/doctype/${task.doctypeId}`);
    expect(res.body.msg).toBe('The document type "task" still has 2 template(s); delete them or move them to another type first');
    expect((await admin.get(`/prod-api/ccms/doctype/${task.doctypeId}`)).body.code).toBe(200);
  });
});

describe('templates', () => {
  const task = async () => (await admin.get('/prod-api/ccms/doctype/list?doctypeName=task')).body.rows[0];

  it('are refused with a bad root, an unknown placeholder or invalid XML (located), writing nothing', async () => {
    const { doctypeId } = await task();
    const before = await count(ccmsTemplate);
    const badRoot = await admin.post('/prod-api/ccms/template', {
      templateName: 'wrong',
      doctypeId,
      content: '<concept id="${id}"><title>${title}</title></concept>',
    });
    expect(badRoot.body.msg).toBe("The template's root element <concept> is not a root of the document type task (task)");
    const unknown = await admin.post('/prod-api/ccms/template', {
      templateName: 'wrong',
      doctypeId,
      content: '<task id="${id}"><title>${name}</title></task>',
    });
    expect(unknown.body.msg).toBe('Unknown placeholder ${name}; use ${title} ${id} ${author} ${date} ${lang} ${product}');
    const broken = await admin.post('/prod-api/ccms/template', {
      templateName: 'wrong',
      doctypeId,
      content: '<task id="${id}">\n  <title>${title}</titel>\n</task>',
    });
    expect(broken.body.code).toBe(400);
    expect(broken.body.data.problems[0]).toMatchObject({ line: 2, severity: 'error' });
    expect(await count(ccmsTemplate)).toBe(before);
  });

  it('save a valid template, fill it for a new file, and list it as an option', async () => {
    const { doctypeId } = await task();
    const content =
      '<?xml version="1.0"?>\n<task id="${id}" xml:lang="${lang}"><title>${title}</title><taskbody><steps><step><cmd>By ${author} on ${date}</cmd></step></steps></taskbody></task>\n';
    const created = await admin.post('/prod-api/ccms/template', { templateName: 'Short task', doctypeId, lang: 'en-US', content });
    expect(created.body.code).toBe(200);
    const options = await admin.get('/prod-api/ccms/template/optionselect?kind=topic');
    expect(options.body.data).toContainEqual({
      templateId: created.body.data.templateId,
      templateName: 'Short task',
      doctypeName: 'task',
      kind: 'topic',
      lang: 'en-US',
    });
    expect((await admin.get('/prod-api/ccms/template/optionselect?kind=map')).body.data.map((o: { doctypeName: string }) => o.doctypeName)).toEqual([
      'bookmap',
      'bookmap',
    ]);
    // New topics and maps are never offered an S1000D template; kind=s1000d lists them by schema.
    const topics = (await admin.get('/prod-api/ccms/template/optionselect?kind=topic')).body.data;
    expect(topics.length).toBeGreaterThan(0);
    expect(topics.filter((o: { kind: string }) => o.kind !== 'topic')).toEqual([]);
    const s1000d = (await admin.get('/prod-api/ccms/template/optionselect?kind=s1000d')).body.data;
    expect(s1000d.map((o: { doctypeName: string }) => o.doctypeName)).toEqual(['proced', 'descript', 'fault', 'ipd', 'crew', 'pm', 'dml']);
    // What new topics and maps fill (fast create, the topic editor's and the map editor's new topic) refuses an S1000D one.
    const templates = templateService(db(), doctypeGrammar(db(), grammarRegistry({ db: db(), storage: t.app.storage, dataDir: t.dataDir, log: t.app.log })));
    const values = { title: 'T', id: 't', author: 'admin', date: '2026-11-28', product: '' };
    await expect(templates.instantiate(s1000d[0].templateId, values)).rejects.toMatchObject({
      key: 'template.notDita',
      params: { name: s1000d[0].templateName },
    });
    expect((await templates.instantiate(created.body.data.templateId, values)).kind).toBe('topic');
    const preview = await admin.post('/prod-api/ccms/template/preview', { doctypeId, lang: 'en-US', content, title: 'Check <valves>' });
    expect(preview.body.data.html).toContain('Check &lt;valves&gt;');
    expect(preview.body.data.xml).toContain('By admin on ');
  });
});

describe('editor configuration', () => {
  const link = {
    label: 'Web Author',
    icon: '/profile/upload/icon.png',
    serverAddress: 'https://author.example.com/app/oxygen.html',
    parameter: 'url=${rawUrl}&author=${user}&lang=${lang}',
    associationTypes: ['.dita', '.xml'],
  };

  it('refuses a duplicate type, too many types, two icons, a bad address or variable, writing nothing', async () => {
    const before = await count(ccmsEditorLink);
    expect((await admin.post('/prod-api/ccms/editorConfig/link', { ...link, associationTypes: ['.dita', '.dita'] })).body.msg).toBe(
      'The file type .dita is listed twice',
    );
    const eleven = Array.from({ length: 11 }, (_, i) => `.t${i}`);
    expect((await admin.post('/prod-api/ccms/editorConfig/link', { ...link, associationTypes: eleven })).body.msg).toBe('At most 10 file types');
    expect((await admin.post('/prod-api/ccms/editorConfig/link', { ...link, icon: 'a.png,b.png' })).body.msg).toBe('At most 1 icon can be uploaded');
    expect((await admin.post('/prod-api/ccms/editorConfig/link', { ...link, serverAddress: 'javascript:alert(1)' })).body.msg).toBe(
      'The server address must be an http:// or https:// URL',
    );
    expect((await admin.post('/prod-api/ccms/editorConfig/link', { ...link, parameter: 'u=${token}' })).body.msg).toBe(
      'Unknown variable ${token} in the parameter',
    );
    expect((await admin.post('/prod-api/ccms/editorConfig/link', { ...link, label: '' })).body.msg).toBe('Label is required');
    expect((await admin.post('/prod-api/ccms/editorConfig/link', { ...link, associationTypes: [] })).body.code).toBe(400);
    expect(await count(ccmsEditorLink)).toBe(before);
    const zh = await callerFor(t.app, admin.token, 'zh').post('/prod-api/ccms/editorConfig/link', { ...link, associationTypes: ['.dita', '.dita'] });
    expect(zh.body.msg).toBe('文件类型 .dita 重复');
  });

  it('a default link becomes the default editor of its types; deleting it hands them back', async () => {
    const defaults = async () => Object.fromEntries((await db().select().from(ccmsDefaultEditor)).map((d) => [d.suffix, d.open]));
    expect(await defaults()).toMatchObject({ '.dita': 'topic', '.ditamap': 'map', '.svg': 'view' });
    const created = await admin.post('/prod-api/ccms/editorConfig/link', { ...link, isDefault: 'Y' });
    const { linkId } = created.body.data;
    expect(await defaults()).toMatchObject({ '.dita': `link:${linkId}`, '.xml': `link:${linkId}`, '.ditamap': 'map' });
    const listed = await admin.get('/prod-api/ccms/editorConfig/default/list');
    expect(listed.body.data).toContainEqual(expect.objectContaining({ suffix: '.dita', open: `link:${linkId}`, linkLabel: 'Web Author' }));
    // A link may only be the default of a type it is associated with.
    expect((await admin.put('/prod-api/ccms/editorConfig/default', { suffix: '.ditamap', open: `link:${linkId}` })).body.msg).toBe(
      'The editor link "Web Author" is not associated with the file type .ditamap',
    );
    expect((await admin.put('/prod-api/ccms/editorConfig/default', { suffix: '.ditamap', open: 'link:99999' })).body.msg).toBe(
      'Editor link 99999 does not exist or is disabled',
    );
    expect((await admin.delete(`/prod-api/ccms/editorConfig/link/${linkId}`)).body.code).toBe(200);
    const after = await defaults();
    expect(after['.dita']).toBeUndefined();
    expect(after['.ditamap']).toBe('map');
    await admin.put('/prod-api/ccms/editorConfig/default', { suffix: '.dita', open: 'topic' });
    await admin.put('/prod-api/ccms/editorConfig/default', { suffix: '.xml', open: 'topic' });
  });
});
