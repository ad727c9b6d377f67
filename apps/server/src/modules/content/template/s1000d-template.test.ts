// biome-ignore-all lint/suspicious/noTemplateCurlyInString: templates spell their placeholders ${name}
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { threadTasksDone } from '../../../../test/thread-metrics';
import { CATALOG_PERMS } from '../catalog/catalog-test-kit';
import { allowLoopbackRemotes, type TestUser, userWith } from '../content-test-kit';
import { bikeLibrary, bikeMissing, installS1000dGrammars } from '../s1000d/s1000d-test-kit';

/**
 * S1000D templates under System Manager → Template, with the 5.0 schemas and the default BREX
 * installed: each schema's seeded template validates and previews; a broken one is refused with its
 * place; an edited template's body carries into a new module, PM and DMRL made from it in the Bike
 * library while their codes come from the builder and they still validate.
 */
const suite = describe.skipIf(bikeMissing());
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
let t: TestApp;
let admin: Caller;
let owner: TestUser;
let libraryId = 0;

const DMC = {
  modelIdentCode: 'BRAKE',
  systemDiffCode: 'AAA',
  systemCode: 'DA1',
  subSystemCode: '3',
  subSubSystemCode: '0',
  assyCode: '00',
  disassyCode: '00',
  disassyCodeVariant: 'AA',
  infoCode: '040',
  infoCodeVariant: 'A',
  itemLocationCode: 'A',
};

interface TemplateRow {
  templateId: number;
  templateName: string;
  doctypeId: number;
  doctypeName: string;
  kind: string;
  lang: string;
  content: string;
  status: string;
  remark: string;
}
const editable = (r: TemplateRow) => ({
  templateId: r.templateId,
  templateName: r.templateName,
  doctypeId: r.doctypeId,
  lang: r.lang,
  content: r.content,
  status: r.status,
  remark: r.remark,
});
async function templateOf(schema: string): Promise<TemplateRow> {
  const rows: TemplateRow[] = (await admin.get(api('/ccms/template/list'), { pageSize: 100 })).body.rows;
  const row = rows.find((r) => r.doctypeName === schema && r.kind === 's1000d');
  if (!row) throw new Error(`no template of ${schema}`);
  return row;
}

beforeAll(async () => {
  if (bikeMissing()) return;
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  admin = await t.login();
  await installS1000dGrammars(admin);
  const perms = CATALOG_PERMS.concat(['ccms:library:add', 'ccms:library:query', 'ccms:library:edit', 'ccms:topic:query', 'ccms:topic:add', 'ccms:topic:edit']);
  owner = await userWith(t, 'tplowner', perms);
  libraryId = await bikeLibrary(owner.caller, remote(), 'bike');
}, 240_000);
afterAll(async () => {
  await t?.close();
});

suite('S1000D templates', () => {
  it('Doctypes find the installed 5.0 schema package for the S1000D types', async () => {
    const rows = (await admin.get(api('/ccms/doctype/list'), { pageSize: 50 })).body.rows;
    const proced = rows.find((r: { doctypeName: string }) => r.doctypeName === 'proced');
    expect(proced).toMatchObject({ grammar: 's1000d', rootElements: ['dmodule'], grammarFound: true, grammarVersion: '5.0', grammarSource: 'package' });
  });

  it("every schema's seeded template validates against the 5.0 schemas and the default BREX; a data module's preview is its rendered HTML", async () => {
    const rows: TemplateRow[] = (await admin.get(api('/ccms/template/list'), { pageSize: 100 })).body.rows;
    const s1000d = rows.filter((r) => r.kind === 's1000d');
    expect(s1000d.map((r) => r.doctypeName)).toEqual(['proced', 'descript', 'fault', 'ipd', 'crew', 'pm', 'dml']);
    // Checked and rendered on a content thread, which reads the installed packages itself.
    const onThreads = await threadTasksDone('content', 'template');
    for (const r of s1000d) {
      const preview = await admin.post(api('/ccms/template/preview'), { doctypeId: r.doctypeId, lang: r.lang, content: r.content, title: 'Pads & <discs>' });
      expect(preview.body.code, r.templateName).toBe(200);
      expect(
        preview.body.data.problems.filter((p: { severity: string }) => p.severity === 'error'),
        r.templateName,
      ).toEqual([]);
      expect(preview.body.data.xml).toContain('Pads &amp; &lt;discs&gt;');
      if (r.doctypeName !== 'pm' && r.doctypeName !== 'dml') expect(preview.body.data.html, r.templateName).toContain('Pads &amp; &lt;discs&gt;');
    }
    // Saving one unchanged is accepted (it is checked again, on a thread too).
    expect((await admin.put(api('/ccms/template'), editable(s1000d[0] as TemplateRow))).body.code).toBe(200);
    expect(await threadTasksDone('content', 'template')).toBe(onThreads + s1000d.length + 1);
  });

  it('a broken S1000D template is refused with its located problem; another schema or an unknown placeholder is refused too; nothing is saved', async () => {
    const proced = await templateOf('proced');
    const broken = proced.content.replace('<mainProcedure>', '<mainProcedure>\n<bogus/>');
    const line = broken.split('\n').findIndex((l) => l.includes('<bogus/>')) + 1;
    const res = await admin.put(api('/ccms/template'), { ...editable(proced), content: broken });
    expect(res.body.code).toBe(400);
    expect(res.body.data.problems[0]).toMatchObject({ line, severity: 'error' });
    expect(res.body.msg).toContain(`line ${line}`);
    const descript = await templateOf('descript');
    const other = await admin.put(api('/ccms/template'), { ...editable(proced), content: descript.content });
    expect(other.body.code).toBe(400);
    expect(other.body.data.problems[0].message).toBe('The template names the schema descript.xsd; the document type proced needs proced.xsd');
    const unknown = await admin.put(api('/ccms/template'), { ...editable(proced), content: proced.content.replace('${title}', '${code}') });
    expect(unknown.body.msg).toMatch(/^Unknown placeholder \$\{code\}; use .*\$\{year\}/);
    expect((await templateOf('proced')).content).toBe(proced.content);
  });

  it("a new data module from the schema's edited default template carries the edit, its code from the builder, and validates", async () => {
    const descript = await templateOf('descript');
    const content = descript.content.replace('<para>Description.</para>', '<para>Written by ${author}: check the pads of ${title}.</para>');
    expect(content).not.toBe(descript.content);
    expect((await admin.put(api('/ccms/template'), { ...editable(descript), content })).body.code).toBe(200);
    const res = await owner.caller.post(api('/ccms/s1000d/module'), { libraryId, schema: 'descript', dmc: DMC, techName: 'Brake pads' });
    expect(res.body).toMatchObject({ code: 200, data: { code: 'DMC-BRAKE-AAA-DA1-30-00-00AA-040A-A', issue: '000-01', problems: [] } });
    const text = await remote().show('bike', 'main', res.body.data.path);
    expect(text).toContain('<para>Written by tplowner: check the pads of Brake pads.</para>');
    expect(text).toContain('<dmCode modelIdentCode="BRAKE" systemDiffCode="AAA" systemCode="DA1" subSystemCode="3"');
    expect(text).toContain('<techName>Brake pads</techName>');
    expect(text).toContain('<brexDmRef><dmRef><dmRefIdent><dmCode modelIdentCode="S1000DBIKE"');
    expect(text).not.toContain('SAMPLE');
  });

  it('a picked template of the schema is used; one of another schema, or disabled, is refused naming templateId', async () => {
    const proced = await templateOf('proced');
    const made = await admin.post(api('/ccms/template'), {
      templateName: 'Brake procedure',
      doctypeId: proced.doctypeId,
      lang: 'en-US',
      content: proced.content.replace('<para>Step 1.</para>', '<para>Lift the bike.</para>'),
    });
    expect(made.body.code).toBe(200);
    const templateId = made.body.data.templateId;
    const options = (await owner.caller.get(api('/ccms/template/optionselect'), { kind: 's1000d' })).body.data;
    expect(options).toContainEqual({ templateId, templateName: 'Brake procedure', doctypeName: 'proced', kind: 's1000d', lang: 'en-US' });
    const dmc = { ...DMC, infoCode: '520' };
    const wrong = await owner.caller.post(api('/ccms/s1000d/module'), { libraryId, schema: 'descript', dmc, techName: 'Brake pads', templateId });
    expect(wrong.body).toMatchObject({ code: 400, msg: 'Template: the template "Brake procedure" is not an S1000D template of the schema descript' });
    const res = await owner.caller.post(api('/ccms/s1000d/module'), { libraryId, schema: 'proced', dmc, techName: 'Brake pads', templateId });
    expect(res.body).toMatchObject({ code: 200, data: { problems: [] } });
    const text = await remote().show('bike', 'main', res.body.data.path);
    expect(text).toContain('<para>Lift the bike.</para>');
    const saved: TemplateRow = (await admin.get(api(`/ccms/template/${templateId}`))).body.data;
    expect((await admin.put(api('/ccms/template'), { ...editable(saved), status: '1' })).body.code).toBe(200);
    const disabled = await owner.caller.post(api('/ccms/s1000d/module'), {
      libraryId,
      schema: 'proced',
      dmc: { ...dmc, infoCode: '720' },
      techName: 'Brake pads',
      templateId,
    });
    expect(disabled.body).toMatchObject({ code: 400, msg: 'The template "Brake procedure" is disabled' });
  });

  it('a new PM and a new DMRL from their edited templates carry the edits and list the builder reference and entry', async () => {
    const pm = await templateOf('pm');
    const pmContent = pm.content.replace('<pmEntryTitle>${title}</pmEntryTitle>', '<pmEntryTitle>Brakes: ${title}</pmEntryTitle>');
    expect(pmContent).not.toBe(pm.content);
    expect((await admin.put(api('/ccms/template'), { ...editable(pm), content: pmContent })).body.code).toBe(200);
    const modules = (await owner.caller.get(api('/ccms/topic/list'), { libraryId, pageSize: 500 })).body.rows as { path: string }[];
    const brake = modules.find((m) => m.path.includes('DMC-BRAKE-AAA-DA1-30-00-00AA-040A-A'));
    if (!brake) throw new Error('no new module');
    const res = await owner.caller.post(api('/ccms/s1000d/pm'), {
      libraryId,
      pmCode: { modelIdentCode: 'BRAKE', pmIssuer: 'C3002', pmNumber: 'TPL01', pmVolume: '00' },
      pmTitle: 'Pads',
      dmPaths: [brake.path],
    });
    expect(res.body).toMatchObject({ code: 200, data: { code: 'PMC-BRAKE-C3002-TPL01-00', problems: [] } });
    const pmText = await remote().show('bike', 'main', res.body.data.path);
    expect(pmText).toContain('<pmEntryTitle>Brakes: Pads</pmEntryTitle>');
    expect(pmText).toContain('<dmRefIdent><dmCode modelIdentCode="BRAKE" systemDiffCode="AAA" systemCode="DA1" subSystemCode="3"');
    expect(pmText).not.toContain('SAMPLE');

    const dml = await templateOf('dml');
    const dmlContent = dml.content.replace('</brexDmRef>', '</brexDmRef>\n      <remarks><simplePara>Planned by ${author}</simplePara></remarks>');
    expect(dmlContent).not.toBe(dml.content);
    expect((await admin.put(api('/ccms/template'), { ...editable(dml), content: dmlContent })).body.code).toBe(200);
    const entry = await owner.caller.post(api('/ccms/s1000d/dmrl-entry'), {
      libraryId,
      newDml: { modelIdentCode: 'BRAKE', senderIdent: 'C3002', yearOfDataIssue: '2026', seqNumber: '00077' },
      dmc: { ...DMC, infoCode: '941' },
      techName: 'Brake parts',
    });
    expect(entry.body).toMatchObject({ code: 200, data: { code: 'DML-BRAKE-C3002-P-2026-00077', problems: [] } });
    const dmlText = await remote().show('bike', 'main', entry.body.data.path);
    expect(dmlText).toContain('<remarks><simplePara>Planned by tplowner</simplePara></remarks>');
    expect(dmlText?.match(/<dmlEntry\b/g)).toHaveLength(1);
    expect(dmlText).toContain('<techName>Brake parts</techName>');
  });
});
