import { describe, expect, it } from 'vitest';
import { type Brex, loadBrex } from '../../src/validate/brex.js';
import { checkBrex, valueAllowed } from '../../src/validate/check.js';
import { defaultBrexDmc, issueOfSchemaUrl } from '../../src/validate/issue.js';
import { brexLayers } from '../../src/validate/layers.js';
import { lintBrex } from '../../src/validate/lint.js';
import { namesInPath, requiredNames } from '../../src/validate/path-names.js';
import { parseObject } from '../../src/validate/xml.js';

const URL41 = 'http://www.s1000d.org/S1000D_4-1/xml_schema_flat';

function dmCode(mi: string, sc = '04', info = '022', extra = '') {
  return `<dmCode modelIdentCode="${mi}" systemDiffCode="A" systemCode="${sc}" subSystemCode="1" subSubSystemCode="0" assyCode="01" disassyCode="00" disassyCodeVariant="A" infoCode="${info}" infoCodeVariant="A" itemLocationCode="D"${extra}/>`;
}

/** A BREX data module of our own making: rules, optional SNS and notation rules, and the BREX it names. */
function brexXml(opts: { mi: string; rules: string; ref?: string; sns?: string; notations?: string; context?: string }): string {
  return `<?xml version="1.0"?>
<dmodule xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="${URL41}/brex.xsd">
<identAndStatusSection><dmAddress><dmIdent>${dmCode(opts.mi)}</dmIdent></dmAddress>
<dmStatus>${opts.ref !== undefined ? `<brexDmRef><dmRef><dmRefIdent>${dmCode(opts.ref)}</dmRefIdent></dmRef></brexDmRef>` : ''}</dmStatus></identAndStatusSection>
<content><brex>
${opts.sns ?? ''}
<contextRules${opts.context !== undefined ? ` rulesContext="${opts.context}"` : ''}><structureObjectRuleGroup>
${opts.rules}
</structureObjectRuleGroup></contextRules>
${opts.notations ?? ''}
</brex></content></dmodule>`;
}

function brexOf(xml: string, file = 'BREX.XML'): Brex {
  const { brex, problems } = loadBrex(xml, file);
  expect(problems).toEqual([]);
  if (brex === undefined) throw new Error('no BREX');
  return brex;
}

function moduleXml(body: string, opts: { schema?: string; ref?: string; sc?: string; doctype?: string } = {}): string {
  return `<?xml version="1.0"?>${opts.doctype ?? ''}
<dmodule xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="${opts.schema ?? `${URL41}/descript.xsd`}">
<identAndStatusSection><dmAddress><dmIdent>${dmCode('TEST', opts.sc ?? '04', '040')}</dmIdent></dmAddress>
<dmStatus>${opts.ref !== undefined ? `<brexDmRef><dmRef><dmRefIdent>${dmCode(opts.ref)}</dmRefIdent></dmRef></brexDmRef>` : ''}</dmStatus></identAndStatusSection>
<content>${body}</content></dmodule>`;
}

function check(body: string, rules: string, options: Parameters<typeof checkBrex>[2] = {}, moduleOpts: Parameters<typeof moduleXml>[1] = {}) {
  const { object } = parseObject(moduleXml(body, moduleOpts), 'DMC-TEST.XML');
  if (object === undefined) throw new Error('not parsed');
  try {
    return checkBrex(object, [brexOf(brexXml({ mi: 'TESTBREX', rules }))], options);
  } finally {
    object.dispose();
  }
}

const rule = (flag: string, path: string, use: string, values = '') =>
  `<structureObjectRule><objectPath allowedObjectFlag="${flag}">${path}</objectPath><objectUse>${use}</objectUse>${values}</structureObjectRule>`;

describe('allowedObjectFlag (default-brex README fact 3)', () => {
  it('0: an error at each object the path selects, with file, line, column, XPath and the objectUse', () => {
    const found = check(
      '<description>\n  <para>a</para>\n  <warning><note/></warning></description>',
      rule('0', '//note[ancestor::warning]', 'No notes in warnings'),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      severity: 'error',
      code: 'brex-not-allowed',
      file: 'DMC-TEST.XML',
      line: 7,
      column: 12,
      xpath: '/dmodule[1]/content[1]/description[1]/warning[1]/note[1]',
      rule: { brex: 'DMC-TESTBREX-A-04-10-01-00A-022A-D', index: 1, use: 'No notes in warnings' },
    });
    expect(found[0]?.messages.en).toContain('No notes in warnings');
    expect(found[0]?.messages.zh).toContain('No notes in warnings');
  });

  it('0 with a boolean path: an error when it is true', () => {
    expect(check('<description><para/><para/></description>', rule('0', 'count(//para) &gt; 1', 'At most one para'))).toHaveLength(1);
    expect(check('<description><para/></description>', rule('0', 'count(//para) &gt; 1', 'At most one para'))).toHaveLength(0);
  });

  it('1: an error when the path selects nothing, none when it selects something', () => {
    const missing = check('<description/>', rule('1', '//para', 'A para is required'));
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({ code: 'brex-required', line: 2, xpath: '/dmodule[1]' });
    expect(missing[0]?.message).toContain('A para is required');
    expect(check('<description><para/></description>', rule('1', '//para', 'A para is required'))).toEqual([]);
  });

  it('2: allowed; only objectValue applies, and only when values are checked', () => {
    const values =
      '<objectValue valueForm="single" valueAllowed="a"/><objectValue valueForm="range" valueAllowed="10~20|x~z"/><objectValue valueForm="pattern" valueAllowed="p[0-9]{2}"/>';
    const body = '<description><para id="a"/><para id="15"/><para id="y"/><para id="p12"/><para id="b"/><para id="9"/><para id="p123"/></description>';
    expect(check(body, rule('2', '//para/@id', 'Paragraph ids', values))).toEqual([]);
    const found = check(body, rule('2', '//para/@id', 'Paragraph ids', values), { values: true });
    expect(found.map((p) => p.xpath)).toEqual([
      '/dmodule[1]/content[1]/description[1]/para[5]/@id',
      '/dmodule[1]/content[1]/description[1]/para[6]/@id',
      '/dmodule[1]/content[1]/description[1]/para[7]/@id',
    ]);
    expect(found[0]?.code).toBe('brex-value');
    expect(found[0]?.message).toContain('"b"');
  });

  it('values: ranges compare numbers as numbers (20~100 holds 30), codes by characters; patterns are anchored', () => {
    expect(valueAllowed('30', { form: 'range', allowed: '20~100', text: '' })).toBe(true);
    expect(valueAllowed('D05', { form: 'range', allowed: 'D00~D09', text: '' })).toBe(true);
    expect(valueAllowed('DA0', { form: 'range', allowed: 'D00~D09', text: '' })).toBe(false);
    expect(valueAllowed('xp12', { form: 'pattern', allowed: 'p[0-9]{2}', text: '' })).toBe(false);
    expect(valueAllowed('a', { form: 'single', allowed: 'a', text: '' })).toBe(true);
  });

  it('Issue 3.0 BREX rules read from objrule, objpath/@objappl, objval/@val1, @val2, @valtype', () => {
    const xml = `<dmodule><idstatus><dmaddres><dmc><avee><modelic>AE</modelic><sdc>A</sdc><chapnum>04</chapnum><section>1</section><subsect>0</subsect><subject>0301</subject><discode>00</discode><discodev>A</discodev><incode>022</incode><incodev>A</incodev><itemloc>D</itemloc></avee></dmc></dmaddres></idstatus>
<content><brex><contextrules context="x.xsd"><structrules><objrule><objpath objappl="2">//@skill</objpath><objuse>Skill</objuse><objval valtype="range" val1="a" val2="c"/></objrule></structrules></contextrules></brex></content></dmodule>`;
    const brex = brexOf(xml);
    expect(brex.dmc).toBe('DMC-AE-A-04-10-0301-00A-022A-D');
    expect(brex.rules).toEqual([
      expect.objectContaining({ path: '//@skill', flag: 2, use: 'Skill', context: 'x.xsd', values: [{ form: 'range', allowed: 'a~c', text: '' }] }),
    ]);
  });
});

describe('rule scope (default-brex README fact 2)', () => {
  it('a contextRules with a rulesContext applies only to objects of that schema URL', () => {
    const brex = brexOf(brexXml({ mi: 'SCOPED', context: `${URL41}/pm.xsd`, rules: rule('0', '//para', 'No para in publication modules') }));
    const run = (schema: string) => {
      const { object } = parseObject(moduleXml('<description><para/></description>', { schema }), 'X.XML');
      if (object === undefined) throw new Error('not parsed');
      try {
        return checkBrex(object, [brex]);
      } finally {
        object.dispose();
      }
    };
    expect(run(`${URL41}/descript.xsd`)).toEqual([]);
    expect(run(`${URL41}/pm.xsd`)).toHaveLength(1);
  });
});

describe('which default BREX applies (default-brex README fact 1)', () => {
  it.each([
    ['http://www.s1000d.org/S1000D_6/xml_schema_flat/descript.xsd', 'DMC-S1000D-H-04-10-0301-00A-022A-D'],
    [undefined, 'DMC-S1000D-H-04-10-0301-00A-022A-D'],
    ['http://www.s1000d.org/S1000D_5-0/xml_schema_flat/proced.xsd', 'DMC-S1000D-G-04-10-0301-00A-022A-D'],
    ['http://www.s1000d.org/S1000D_4-2/xml_schema_flat/pm.xsd', 'DMC-S1000D-F-04-10-0301-00A-022A-D'],
    [`${URL41}/descript.xsd`, 'DMC-S1000D-E-04-10-0301-00A-022A-D'],
    ['http://www.s1000d.org/S1000D_4-0/xml_schema_flat/descript.xsd', 'DMC-S1000D-D-04-10-0301-00A-022A-D'],
    ['http://www.s1000d.org/S1000D_3-0/xml_schema_flat/descript.xsd', 'DMC-AE-A-04-10-0301-00A-022A-D'],
  ])('%s → %s', (url, dmc) => {
    expect(defaultBrexDmc(issueOfSchemaUrl(url))).toBe(dmc);
  });
});

describe('layers', () => {
  const project = brexOf(brexXml({ mi: 'PROJ', ref: 'MIDDLE', rules: rule('0', '//warning', 'No warnings') }), 'PROJ.XML');
  const middle = brexOf(brexXml({ mi: 'MIDDLE', ref: 'PROJ', rules: rule('0', '//caution', 'No cautions') }), 'MIDDLE.XML');
  const fallback = brexOf(brexXml({ mi: 'DEFAULT41', rules: rule('0', '//note', 'No notes') }), 'DEFAULT.XML');
  const byDmc = new Map([project, middle].map((b) => [b.dmc, b]));
  const lookup = (dmc: string) => byDmc.get(dmc);
  const defaultBrex = (issue: string | undefined) => (issue === '4.1' ? fallback : undefined);

  it('follows brexDmRef through the CSDB (a loop stops) and ends with the default BREX of the issue', () => {
    const { object } = parseObject(moduleXml('<description><warning/><caution/><note/></description>', { ref: 'PROJ' }), 'M.XML');
    if (object === undefined) throw new Error('not parsed');
    try {
      const { layers, problems } = brexLayers(object, lookup, { defaultBrex });
      expect(problems).toEqual([]);
      expect(layers.map((b) => b.file)).toEqual(['PROJ.XML', 'MIDDLE.XML', 'DEFAULT.XML']);
      expect(checkBrex(object, layers).map((p) => p.rule?.use)).toEqual(['No warnings', 'No cautions', 'No notes']);
    } finally {
      object.dispose();
    }
  });

  it('an object that names no BREX takes the project BREX; a BREX found nowhere is an error; no default BREX is a warning', () => {
    const { object } = parseObject(moduleXml('<description/>'), 'M.XML');
    const { object: lost } = parseObject(
      moduleXml('<description/>', { ref: 'NOWHERE', schema: 'http://www.s1000d.org/S1000D_5-0/xml_schema_flat/descript.xsd' }),
      'L.XML',
    );
    if (object === undefined || lost === undefined) throw new Error('not parsed');
    try {
      expect(brexLayers(object, lookup, { defaultBrex, projectBrex: project.dmc }).layers.map((b) => b.file)).toEqual([
        'PROJ.XML',
        'MIDDLE.XML',
        'DEFAULT.XML',
      ]);
      const { layers, problems } = brexLayers(lost, lookup, { defaultBrex });
      expect(layers).toEqual([]);
      expect(problems.map((p) => [p.severity, p.code])).toEqual([
        ['error', 'brex-not-found'],
        ['warning', 'brex-no-default'],
      ]);
      expect(problems[0]?.messages.zh).toContain('DMC-NOWHERE-A-04-10-01-00A-022A-D');
      expect(problems[1]?.message).toContain('Issue 5.0');
    } finally {
      object.dispose();
      lost.dispose();
    }
  });
});

describe('SNS and notation rules', () => {
  const sns = `<snsRules><snsDescr><snsSystem><snsCode>04</snsCode><snsTitle>Sys</snsTitle><snsSubSystem><snsCode>1</snsCode><snsTitle>Sub</snsTitle></snsSubSystem></snsSystem></snsDescr></snsRules>`;
  const notations = `<notationRuleList><notationRule><notationName allowedNotationFlag="1">cgm</notationName><objectUse>CGM allowed</objectUse></notationRule><notationRule><notationName allowedNotationFlag="0">swf</notationName><objectUse>No Flash</objectUse></notationRule></notationRuleList>`;
  const brex = brexOf(brexXml({ mi: 'SNS', rules: '', sns, notations }));

  it('a system code outside the SNS is an error at dmCode/@systemCode', () => {
    for (const [sc, count] of [
      ['04', 0],
      ['05', 1],
    ] as const) {
      const { object } = parseObject(moduleXml('<description/>', { sc }), 'S.XML');
      if (object === undefined) throw new Error('not parsed');
      const found = checkBrex(object, [brex], { sns: true });
      expect(found).toHaveLength(count);
      if (count > 0)
        expect(found[0]).toMatchObject({ code: 'brex-sns', xpath: '/dmodule[1]/identAndStatusSection[1]/dmAddress[1]/dmIdent[1]/dmCode[1]/@systemCode' });
      object.dispose();
    }
  });

  it('an ICN entity whose notation is not allowed is an error on its declaration line', () => {
    const doctype = `<!DOCTYPE dmodule [
<!NOTATION cgm SYSTEM "cgm">
<!NOTATION swf SYSTEM "swf">
<!ENTITY ICN-1 SYSTEM "ICN-1.CGM" NDATA cgm>
<!ENTITY ICN-2 SYSTEM "ICN-2.SWF" NDATA swf>
]>`;
    const { object } = parseObject(moduleXml('<description/>', { doctype }), 'N.XML');
    if (object === undefined) throw new Error('not parsed');
    const found = checkBrex(object, [brex], { notations: true });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ code: 'brex-notation', line: 5 });
    expect(found[0]?.message).toContain('swf');
    expect(found[0]?.message).toContain('No Flash');
    object.dispose();
  });
});

describe('refusals and the linter', () => {
  it('Issue 3.0 and older: one clear refusal, no rule evaluated', () => {
    const found = check(
      '<description><para/></description>',
      rule('0', '//para', 'x'),
      {},
      { schema: 'http://www.s1000d.org/S1000D_3-0/xml_schema_flat/descript.xsd' },
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.code).toBe('issue-unsupported');
    expect(found[0]?.messages.zh).toContain('不受支持');
    expect(found[0]?.messages.en).toContain('Issue 3.0 and older are not supported');
  });

  it('a path that is no XPath is reported by the linter and by the check (as a warning, once per rule)', () => {
    const brex = brexOf(brexXml({ mi: 'BAD', rules: rule('0', '//para[', 'Broken') + rule('7', '//para', 'Odd flag') }));
    expect(lintBrex(brex).map((p) => p.code)).toEqual(['brex-rule-invalid', 'brex-rule-flag']);
    expect(check('<description/>', rule('0', '//para[', 'Broken')).map((p) => [p.severity, p.code])).toEqual([['warning', 'brex-rule-invalid']]);
  });

  it('reads names out of paths: steps and predicates, not functions, axes or operators', () => {
    expect(namesInPath('//dmCode[attribute::learnCode and not(@learnEventCode)]/@infoCode')).toEqual([
      { kind: 'element', name: 'dmCode' },
      { kind: 'attribute', name: 'learnCode' },
      { kind: 'attribute', name: 'learnEventCode' },
      { kind: 'attribute', name: 'infoCode' },
    ]);
    expect(requiredNames('//warning/randomList[title] | //caution')).toEqual([
      [
        { kind: 'element', name: 'warning' },
        { kind: 'element', name: 'randomList' },
      ],
      [{ kind: 'element', name: 'caution' }],
    ]);
    expect(requiredNames('count(//para) > 1')).toBeUndefined();
  });
});
