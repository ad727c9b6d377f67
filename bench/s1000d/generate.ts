/**
 * A generated S1000D Issue 4.1 CSDB for the S1000D benchmark: descriptive and procedural data
 * modules shaped like the Bike sample's (status section with data restrictions, applicability,
 * BREX reference; levelled paragraphs with figures, or a procedure with its requirements and
 * steps), each referring to other modules by dmRef, descriptive ones showing ICN graphics
 * (declared as entities, as the Bike modules do), some with their own applicability, plus the
 * project BREX and ACT they name, a PM listing every module, and the ICN files. A few references
 * are broken on purpose and a few name an older issue: the counts come back so the benchmark can
 * show that the engine found exactly those.
 *
 *   node --import tsx bench/s1000d/generate.ts OUT_DIR [MODULES]
 * Over 400 lines: one generator: the modules, BREX, ACT, PM and ICNs it writes must agree with each
 * other and with the counts it returns, which the benchmark checks the engine against.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const MIC = 'GENBIKE';
const BREX_CODE = { sys: 'D00', sub: '0', subSub: '0', info: '022', loc: 'D' };
const ACT_CODE = { sys: 'D00', sub: '0', subSub: '0', info: '00W', loc: 'D' };
/** The default BREX of Issue 4.1: the project BREX's own brexDmRef, as the Bike BREX's. */
const DEFAULT_BREX = { mic: 'S1000D', sdc: 'E', sys: '04', sub: '1', subSub: '0', assy: '0301', dis: '00', disv: 'A', info: '022', infov: 'A', loc: 'D' };
const PNG_1X1 = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

export interface GeneratedCsdb {
  dir: string;
  /** Data modules written besides the BREX and the ACT (descriptive + procedural). */
  modules: number;
  descriptive: number;
  procedural: number;
  /** Every file written (modules, BREX, ACT, PM, ICNs). */
  files: number;
  icnFiles: number;
  bytes: number;
  /** What the files hold, for the benchmark to compare with what the engine finds. */
  planted: {
    dmRefs: number;
    icnRefs: number;
    /** dmRefs to codes no module has, and ICN references to ICNs not written. */
    broken: number;
    /** dmRefs naming an older issue than the one written (resolve to the later issue). */
    laterIssue: number;
    /** Modules with their own applicability (an assert, not "All"). */
    applic: number;
    /** Modules with inline applicability (referencedApplicGroup and an applicRefId). */
    inlineApplic: number;
  };
}

interface Code {
  sys: string;
  sub: string;
  subSub: string;
  info: string;
  loc: string;
}

interface Module {
  code: Code;
  issue: string;
  tech: string;
  infoName: string;
  descriptive: boolean;
}

/** mulberry32: the same set for the same seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const dmc = (c: Code) => `DMC-${MIC}-AAA-${c.sys}-${c.sub}${c.subSub}-00-00AA-${c.info}A-${c.loc}`;
const fileName = (c: Code, issue: string) => `${dmc(c)}_${issue}-00_EN-US.XML`;
const icnCode = (k: number) => `ICN-${MIC}-AAA-D000000-0-U8025-${pad(k, 5)}-A-001-01`;

const PARTS = [
  'Brake lever',
  'Brake pad',
  'Chain',
  'Crank',
  'Derailleur',
  'Fork',
  'Frame',
  'Handlebar',
  'Headset',
  'Hub',
  'Pedal',
  'Rim',
  'Saddle',
  'Seat post',
  'Spoke',
  'Tyre',
];
const DESCRIPTIVE = [
  { info: '040', name: 'Description' },
  { info: '041', name: 'Description of how it is made' },
];
const PROCEDURAL = [
  { info: '520', name: 'Remove procedures' },
  { info: '720', name: 'Install procedures' },
  { info: '251', name: 'Clean with water' },
  { info: '341', name: 'Test for correct operation' },
];
const MODELS = ['Mountain storm', 'Brook trekker', 'Road runner'];

function dmCodeXml(c: Code): string {
  return (
    `<dmCode modelIdentCode="${MIC}" systemDiffCode="AAA" systemCode="${c.sys}" subSystemCode="${c.sub}" subSubSystemCode="${c.subSub}" ` +
    `assyCode="00" disassyCode="00" disassyCodeVariant="AA" infoCode="${c.info}" infoCodeVariant="A" itemLocationCode="${c.loc}"/>`
  );
}

function dmRefXml(c: Code, options: { issue?: string; title?: { tech: string; info: string }; applicRefId?: string } = {}): string {
  const issue = options.issue !== undefined ? `<issueInfo issueNumber="${options.issue}" inWork="00"/>` : '';
  const title =
    options.title !== undefined
      ? `<dmRefAddressItems><dmTitle><techName>${esc(options.title.tech)}</techName><infoName>${esc(options.title.info)}</infoName></dmTitle></dmRefAddressItems>`
      : '';
  const applic = options.applicRefId !== undefined ? ` applicRefId="${options.applicRefId}"` : '';
  return `<dmRef xlink:type="simple" xlink:actuate="onRequest" xlink:show="replace" xlink:href="URN:S1000D:${dmc(c)}"${applic}><dmRefIdent>${dmCodeXml(c)}${issue}</dmRefIdent>${title}</dmRef>`;
}

const DATA_RESTRICTIONS = `<dataRestrictions>
<restrictionInstructions>
<dataDistribution>To be made available to all S1000D users.</dataDistribution>
<exportControl><exportRegistrationStmt>
<simplePara>Export of this data module to all countries that are the residence of organizations that are users of S1000D is permitted. Storage of this data module is to be at the discretion of the organization.</simplePara>
</exportRegistrationStmt></exportControl>
<dataHandling>There are no specific handling instructions for this data module.</dataHandling>
<dataDestruction>Users may destroy this data module in accordance with their own local procedures.</dataDestruction>
<dataDisclosure>There are no dissemination limitations that apply to this data module.</dataDisclosure>
</restrictionInstructions>
<restrictionInfo>
<copyright>
<copyrightPara><emphasis>Copyright (C) 2024</emphasis> by the generating organization.</copyrightPara>
<copyrightPara><randomList>
<listItem><para>This material is provided "As Is" without any warranty, express or implied.</para></listItem>
<listItem><para>Revisions to this document may occur after its issuance.</para></listItem>
</randomList></copyrightPara>
</copyright>
<policyStatement>TPSMG TOR 001</policyStatement>
<dataConds>There are no known conditions that would change the data restrictions for, or security classification of, this data module.</dataConds>
</restrictionInfo>
</dataRestrictions>`;

const ENTERPRISES = `<responsiblePartnerCompany enterpriseCode="U8025"><enterpriseName>Generated</enterpriseName></responsiblePartnerCompany>
<originator enterpriseCode="U8025"><enterpriseName>Generated</enterpriseName></originator>`;

const BREX_REF = `<brexDmRef>${dmRefXml(BREX_CODE)}</brexDmRef>`;

function applicXml(model: string | undefined, version: string): string {
  if (model === undefined) return '<applic><displayText><simplePara>All</simplePara></displayText></applic>';
  return (
    `<applic><displayText><simplePara>${model} ${version}</simplePara></displayText><evaluate andOr="and">` +
    `<assert applicPropertyIdent="model" applicPropertyType="prodattr" applicPropertyValues="${model}"/>` +
    `<assert applicPropertyIdent="version" applicPropertyType="prodattr" applicPropertyValues="${version}"/></evaluate></applic>`
  );
}

/** A data module's XML: the status section every module shares, around its content. */
function dmodule(options: {
  code: Code;
  issue: string;
  tech: string;
  infoName: string;
  schema: string;
  entities?: string[];
  applic?: { model: string; version: string };
  brexRef?: string;
  content: string;
}): string {
  const { code, issue } = options;
  const subset =
    options.entities !== undefined && options.entities.length > 0
      ? `[\n<!NOTATION png PUBLIC "-//W3C//NOTATION Portable Network Graphics//EN">\n${options.entities.join('\n')}\n]`
      : '';
  const act = options.applic !== undefined ? `<applicCrossRefTableRef>${dmRefXml(ACT_CODE)}</applicCrossRefTableRef>\n` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE dmodule${subset}>
<dmodule xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:dc="http://www.purl.org/dc/elements/1.1/" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:xlink="http://www.w3.org/1999/xlink" xsi:noNamespaceSchemaLocation="http://www.s1000d.org/S1000D_4-1/xml_schema_flat/${options.schema}.xsd">
<identAndStatusSection>
<dmAddress>
<dmIdent>${dmCodeXml(code)}<language countryIsoCode="US" languageIsoCode="en"/><issueInfo issueNumber="${issue}" inWork="00"/></dmIdent>
<dmAddressItems><issueDate day="15" month="03" year="2024"/><dmTitle><techName>${esc(options.tech)}</techName><infoName>${esc(options.infoName)}</infoName></dmTitle></dmAddressItems>
</dmAddress>
<dmStatus issueType="${issue === '001' ? 'new' : 'changed'}">
<security securityClassification="01" commercialClassification="cc51" caveat="cv51"/>
${DATA_RESTRICTIONS}
${ENTERPRISES}
${act}${applicXml(options.applic?.model, options.applic?.version ?? '')}
${options.brexRef ?? BREX_REF}
<qualityAssurance>${issue === '001' ? '<unverified/>' : '<firstVerification verificationType="tabtop"/>'}</qualityAssurance>
${issue === '001' ? '' : '<reasonForUpdate><simplePara>Generated for the S1000D benchmark.</simplePara></reasonForUpdate>\n'}</dmStatus>
</identAndStatusSection>
<content>
${options.content}
</content>
</dmodule>
`;
}

function brexModule(): string {
  const rule = (pathText: string, use: string, values: string[], flag = 2) =>
    `<structureObjectRule><objectPath allowedObjectFlag="${flag}">${pathText}</objectPath><objectUse>${use}</objectUse>${values
      .map((v) => `<objectValue valueForm="single" valueAllowed="${v}">${v}</objectValue>`)
      .join('')}</structureObjectRule>`;
  const infoCodes = ['022', '00W', ...DESCRIPTIVE.map((d) => d.info), ...PROCEDURAL.map((p) => p.info)];
  const content = `<brex>
<contextRules>
<structureObjectRuleGroup>
${rule('//dmAddress/dmIdent/dmCode/@modelIdentCode', 'Model identification code', [MIC])}
${rule('//dmAddress/dmIdent/dmCode/@infoCode', 'Information codes of the generated set', infoCodes)}
${rule('//assert/@applicPropertyIdent', 'Applicability properties of the ACT', ['model', 'version', 'serialno'])}
${rule("//emphasis[@emphasisType='em02']", 'Underline is not used', [], 0)}
${rule('//dmStatus/applic', 'Every data module states its applicability', [], 1)}
</structureObjectRuleGroup>
</contextRules>
</brex>`;
  const defaultRef = `<brexDmRef><dmRef><dmRefIdent><dmCode modelIdentCode="${DEFAULT_BREX.mic}" systemDiffCode="${DEFAULT_BREX.sdc}" systemCode="${DEFAULT_BREX.sys}" subSystemCode="${DEFAULT_BREX.sub}" subSubSystemCode="${DEFAULT_BREX.subSub}" assyCode="${DEFAULT_BREX.assy}" disassyCode="${DEFAULT_BREX.dis}" disassyCodeVariant="${DEFAULT_BREX.disv}" infoCode="${DEFAULT_BREX.info}" infoCodeVariant="${DEFAULT_BREX.infov}" itemLocationCode="${DEFAULT_BREX.loc}"/></dmRefIdent></dmRef></brexDmRef>`;
  return dmodule({
    code: BREX_CODE,
    issue: '001',
    tech: 'Generated bicycle',
    infoName: 'Business rules exchange',
    schema: 'brex',
    brexRef: defaultRef,
    content,
  });
}

function actModule(): string {
  const content = `<applicCrossRefTable>
<productAttributeList>
<productAttribute id="serialno" productIdentifier="primary"><name>Serial number</name><displayName>SN</displayName><descr>Serial number (etched on the frame)</descr></productAttribute>
<productAttribute id="model"><name>Model</name><displayName>Model</displayName><descr>Model of the bicycle</descr><enumeration applicPropertyValues="${MODELS.join('|')}"/></productAttribute>
<productAttribute id="version"><name>Version</name><displayName>Version</displayName><descr>Version of the bicycle</descr><enumeration applicPropertyValues="Mk1|Mk9"/></productAttribute>
</productAttributeList>
</applicCrossRefTable>`;
  return dmodule({
    code: ACT_CODE,
    issue: '001',
    tech: 'Generated bicycle',
    infoName: 'Applicability cross-reference table',
    schema: 'appliccrossreftable',
    content,
  });
}

/**
 * Writes the set into `dir` (created when missing): `modules` data modules (half descriptive,
 * half procedural), the project BREX and ACT, one PM listing the modules by system, and one ICN
 * file per four modules. The same seed writes the same files.
 */
export function generateCsdb(dir: string, options: { modules: number; seed?: number }): GeneratedCsdb {
  const rnd = random(options.seed ?? 30);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const n = options.modules;
  const icnCount = Math.max(1, Math.ceil(n / 4));
  mkdirSync(dir, { recursive: true });
  const modules: Module[] = [];
  for (let i = 0; i < n; i++) {
    const descriptive = i % 2 === 0;
    const kind = descriptive ? pick(DESCRIPTIVE) : pick(PROCEDURAL);
    // systemCode from the hundreds (base 36, "001"...), subsystem and subsubsystem from the tens and ones: unique codes.
    const code: Code = {
      sys: Math.floor(i / 100 + 1)
        .toString(36)
        .toUpperCase()
        .padStart(3, '0'),
      sub: String(Math.floor(i / 10) % 10),
      subSub: String(i % 10),
      info: kind.info,
      loc: 'A',
    };
    modules.push({
      code,
      issue: pad(1 + (i % 7), 3),
      tech: `${PARTS[i % PARTS.length]} ${Math.floor(i / PARTS.length) + 1}`,
      infoName: kind.name,
      descriptive,
    });
  }
  const planted = { dmRefs: 0, icnRefs: 0, broken: 0, laterIssue: 0, applic: 0, inlineApplic: 0 };
  let bytes = 0;
  const write = (name: string, data: string | Buffer) => {
    writeFileSync(path.join(dir, name), data);
    bytes += data.length;
  };

  /** A dmRef to another module: most name no issue, some the current issue, some an older one. */
  const crossRef = (from: number): string => {
    let j = Math.floor(rnd() * n);
    if (j === from) j = (j + 1) % n;
    const target = modules[j] as Module;
    planted.dmRefs++;
    const r = rnd();
    if (r < 0.1 && target.issue !== '001') {
      planted.laterIssue++;
      return dmRefXml(target.code, { issue: '001' });
    }
    return dmRefXml(target.code, r < 0.35 ? { issue: target.issue } : {});
  };
  const brokenRef = (i: number): string => {
    planted.dmRefs++;
    planted.broken++;
    return dmRefXml({ sys: 'ZZZ', sub: String(i % 10), subSub: '0', info: '520', loc: 'A' });
  };

  for (let i = 0; i < n; i++) {
    const m = modules[i] as Module;
    const withApplic = rnd() < 0.3;
    const applic = withApplic ? { model: pick(MODELS), version: pick(['Mk1', 'Mk9', 'Mk1|Mk9']) } : undefined;
    if (withApplic) planted.applic++;
    // One module in 500 has a dmRef to a code nobody wrote.
    const broken = i % 500 === 499;
    let content: string;
    let entities: string[] | undefined;
    if (m.descriptive) {
      const paras: string[] = [];
      entities = [];
      const figures = 1 + Math.floor(rnd() * 2);
      for (let f = 0; f < figures; f++) {
        // One descriptive module in 1000 shows an ICN that was never delivered.
        const missing = f === 0 && i % 1000 === 2;
        const icn = icnCode(missing ? icnCount + i : (i * 7 + f * 13) % icnCount);
        planted.icnRefs++;
        if (missing) planted.broken++;
        entities.push(`<!ENTITY ${icn} SYSTEM "${icn}.PNG" NDATA png>`);
        paras.push(`<levelledPara id="par-${pad(f + 1, 4)}">
<title>${esc(m.tech)}, view ${f + 1}</title>
<para>The ${esc(m.tech.toLowerCase())} (refer to <internalRef internalRefId="fig-${pad(f + 1, 4)}" internalRefTargetType="irtt01"/>) is attached to the frame with two bolts. For the related tasks refer to ${crossRef(i)}.</para>
<para>Examine the ${esc(m.tech.toLowerCase())} before each ride. Damage to it makes the bicycle dangerous to use; see also ${crossRef(i)}.</para>
<figure id="fig-${pad(f + 1, 4)}">
<title>${esc(m.tech)}</title>
<graphic xlink:type="simple" xlink:actuate="onRequest" xlink:show="new" xlink:href="URN:S1000D:${icn}" infoEntityIdent="${icn}"/>
</figure>
</levelledPara>`);
      }
      if (broken) paras.push(`<levelledPara><title>Superseded parts</title><para>Refer to ${brokenRef(i)}.</para></levelledPara>`);
      content = `<refs>${crossRef(i)}</refs>
<description>
<levelledPara>
<title>${esc(m.tech)}</title>
<para>This data module describes the ${esc(m.tech.toLowerCase())} of the bicycle and how it is made.</para>
${paras.join('\n')}
</levelledPara>
</description>`;
    } else {
      const inline = i % 10 === 1;
      if (inline) planted.inlineApplic++;
      const steps: string[] = [];
      const count = 3 + Math.floor(rnd() * 6);
      for (let s = 0; s < count; s++) {
        const applicRef = inline && s === count - 1 ? ' applicRefId="app-0001"' : '';
        const sub = rnd() < 0.4 ? `\n<proceduralStep><para>Make sure that the ${esc(m.tech.toLowerCase())} is clean and dry.</para></proceduralStep>` : '';
        const ref = rnd() < 0.5 ? ` (refer to ${crossRef(i)})` : '';
        steps.push(
          `<proceduralStep id="stp-${pad(s + 1, 4)}"${applicRef}><para>Do step ${s + 1} on the ${esc(m.tech.toLowerCase())}${ref}.</para>${sub}</proceduralStep>`,
        );
      }
      if (broken) steps.push(`<proceduralStep><para>Do the test given in ${brokenRef(i)}.</para></proceduralStep>`);
      const group = inline
        ? `<referencedApplicGroup>${applicXml(pick(MODELS), 'Mk9').replace('<applic>', '<applic id="app-0001">')}</referencedApplicGroup>\n`
        : '';
      content = `<refs>${crossRef(i)}</refs>
${group}<procedure>
<preliminaryRqmts>
<reqCondGroup><reqCondNoRef><reqCond>The bicycle is on a work stand.</reqCond></reqCondNoRef></reqCondGroup>
<reqPersons><person man="A"><personCategory personCategoryCode="Basic user"/><trade>Operator</trade><estimatedTime unitOfMeasure="h">0,5</estimatedTime></person></reqPersons>
<reqSupportEquips><noSupportEquips/></reqSupportEquips>
<reqSupplies><supplyDescrGroup><supplyDescr id="sup-0001"><name>Clean cloth</name><identNumber><manufacturerCode>KZ222</manufacturerCode><partAndSerialNumber><partNumber>CL-001</partNumber></partAndSerialNumber></identNumber><reqQuantity>As required</reqQuantity></supplyDescr></supplyDescrGroup></reqSupplies>
<reqSpares><noSpares/></reqSpares>
<reqSafety><noSafety/></reqSafety>
</preliminaryRqmts>
<mainProcedure>
${steps.join('\n')}
</mainProcedure>
<closeRqmts><reqCondGroup><noConds/></reqCondGroup></closeRqmts>
</procedure>`;
    }
    write(
      fileName(m.code, m.issue),
      dmodule({ code: m.code, issue: m.issue, tech: m.tech, infoName: m.infoName, schema: m.descriptive ? 'descript' : 'proced', entities, applic, content }),
    );
  }

  write(fileName(BREX_CODE, '001'), brexModule());
  write(fileName(ACT_CODE, '001'), actModule());
  for (let k = 0; k < icnCount; k++) write(`${icnCode(k)}.PNG`, PNG_1X1);

  // The PM: one entry per system (100 modules), each module by its current issue, with its title.
  const entries: string[] = [];
  for (let start = 0; start < n; start += 100) {
    const refs = modules
      .slice(start, start + 100)
      .map((m) => dmRefXml(m.code, { issue: m.issue, title: { tech: m.tech, info: m.infoName } }))
      .join('\n');
    entries.push(`<pmEntry><pmEntryTitle>System ${modules[start]?.code.sys}</pmEntryTitle>\n${refs}\n</pmEntry>`);
  }
  write(
    'PMC-GENBIKE-U8025-00001-00_001-00_EN-US.XML',
    `<?xml version="1.0" encoding="UTF-8"?>
<pm xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:dc="http://www.purl.org/dc/elements/1.1/" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:xlink="http://www.w3.org/1999/xlink" xsi:noNamespaceSchemaLocation="http://www.s1000d.org/S1000D_4-1/xml_schema_flat/pm.xsd">
<identAndStatusSection>
<pmAddress>
<pmIdent><pmCode modelIdentCode="${MIC}" pmIssuer="U8025" pmNumber="00001" pmVolume="00"/><language countryIsoCode="US" languageIsoCode="en"/><issueInfo issueNumber="001" inWork="00"/></pmIdent>
<pmAddressItems><issueDate day="15" month="03" year="2024"/><pmTitle>Generated bicycle maintenance manual</pmTitle></pmAddressItems>
</pmAddress>
<pmStatus issueType="new">
<security securityClassification="01" commercialClassification="cc51" caveat="cv51"/>
${ENTERPRISES}
${applicXml(undefined, '')}
${BREX_REF}
<qualityAssurance><unverified/></qualityAssurance>
</pmStatus>
</identAndStatusSection>
<content>
<pmEntry><pmEntryTitle>Generated bicycle</pmEntryTitle>
${entries.join('\n')}
</pmEntry>
</content>
</pm>
`,
  );
  const descriptive = modules.filter((m) => m.descriptive).length;
  return { dir, modules: n, descriptive, procedural: n - descriptive, files: n + 3 + icnCount, icnFiles: icnCount, bytes, planted };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [out, count] = process.argv.slice(2);
  if (out === undefined) {
    console.error('usage: node --import tsx bench/s1000d/generate.ts OUT_DIR [MODULES]');
    process.exit(2);
  }
  const g = generateCsdb(path.resolve(out), { modules: Number(count ?? 5000) });
  console.log(
    `${g.files} files (${g.modules} data modules, ${g.icnFiles} ICNs), ${(g.bytes / 1024 / 1024).toFixed(1)} MB in ${g.dir}: ${JSON.stringify(g.planted)}`,
  );
}
