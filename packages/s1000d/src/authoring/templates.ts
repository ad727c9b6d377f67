import type { Language } from '../codes.js';
import { type DmcFields, normalizeDmc } from './dmc.js';

/**
 * New objects per schema: the smallest instance of each S1000D Issue 5.0 schema that validates
 * (tests check each against the installed flat schemas and the default BREX chain), with the code,
 * language, title and status filled in. A new object starts at issue 000, in work 01.
 */
export const DM_TEMPLATE_SCHEMAS = ['proced', 'descript', 'fault', 'ipd', 'crew'] as const;
export type DmTemplateSchema = (typeof DM_TEMPLATE_SCHEMAS)[number];
export const TEMPLATE_SCHEMAS = [...DM_TEMPLATE_SCHEMAS, 'pm', 'dml'] as const;
export type TemplateSchema = (typeof TEMPLATE_SCHEMAS)[number];

export const SCHEMA_BASE_50 = 'http://www.s1000d.org/S1000D_5-0/xml_schema_flat/';

export interface ObjectMeta {
  language: Language;
  /** YYYY-MM-DD. */
  issueDate: string;
  /** The responsible partner company's and originator's CAGE/enterprise code. */
  enterpriseCode: string;
  enterpriseName?: string;
  /** The project BREX the object names (brexDmRef); else the Issue 5.0 default BREX. */
  brex?: DmcFields;
  securityClassification?: string;
}

export interface DmTemplateInput extends ObjectMeta {
  dmc: DmcFields;
  techName: string;
  infoName?: string;
}

export interface PmCodeFields {
  modelIdentCode: string;
  pmIssuer: string;
  pmNumber: string;
  pmVolume: string;
}

export interface PmTemplateInput extends ObjectMeta {
  pmCode: PmCodeFields;
  pmTitle: string;
  /** A publication module lists at least one object: the dmRef (or pmRef) of its first entry (see dmRefXml). */
  firstRef: string;
}

export interface DmlCodeFields {
  modelIdentCode: string;
  senderIdent: string;
  dmlType: 'c' | 'p' | 's';
  yearOfDataIssue: string;
  seqNumber: string;
}

export interface DmlTemplateInput extends Omit<ObjectMeta, 'language'> {
  dmlCode: DmlCodeFields;
  /** A DML lists at least one entry: the first (see dmlEntryXml). */
  firstEntry: string;
}

/** The Issue 5.0 default BREX (S1000D-G). */
export const DEFAULT_BREX_50: DmcFields = {
  modelIdentCode: 'S1000D',
  systemDiffCode: 'G',
  systemCode: '04',
  subSystemCode: '1',
  subSubSystemCode: '0',
  assyCode: '0301',
  disassyCode: '00',
  disassyCodeVariant: 'A',
  infoCode: '022',
  infoCodeVariant: 'A',
  itemLocationCode: 'D',
};

export const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function dmCodeXml(fields: DmcFields): string {
  const f = normalizeDmc(fields);
  const learn = f.learnCode ? ` learnCode="${f.learnCode}" learnEventCode="${f.learnEventCode ?? ''}"` : '';
  return (
    `<dmCode modelIdentCode="${f.modelIdentCode}" systemDiffCode="${f.systemDiffCode}" systemCode="${f.systemCode}" subSystemCode="${f.subSystemCode}" ` +
    `subSubSystemCode="${f.subSubSystemCode}" assyCode="${f.assyCode}" disassyCode="${f.disassyCode}" disassyCodeVariant="${f.disassyCodeVariant}" ` +
    `infoCode="${f.infoCode}" infoCodeVariant="${f.infoCodeVariant}" itemLocationCode="${f.itemLocationCode}"${learn}/>`
  );
}

function dateXml(iso: string): string {
  const [year = '', month = '', day = ''] = iso.split('-');
  return `<issueDate year="${year}" month="${month}" day="${day}"/>`;
}

export function languageXml(l: Language): string {
  return `<language languageIsoCode="${l.languageIsoCode.toLowerCase()}" countryIsoCode="${l.countryIsoCode.toUpperCase()}"/>`;
}

/** The dmStatus/pmStatus children every object has: security, partner, originator, applicability, BREX, QA. */
function statusBody(meta: ObjectMeta | Omit<ObjectMeta, 'language'>, indent: string): string {
  const enterprise = escapeXml(meta.enterpriseCode);
  const name = meta.enterpriseName ? `<enterpriseName>${escapeXml(meta.enterpriseName)}</enterpriseName>` : '';
  return [
    `<security securityClassification="${meta.securityClassification ?? '01'}"/>`,
    `<responsiblePartnerCompany enterpriseCode="${enterprise}">${name}</responsiblePartnerCompany>`,
    `<originator enterpriseCode="${enterprise}">${name}</originator>`,
    '<applic><displayText><simplePara>All</simplePara></displayText></applic>',
    `<brexDmRef><dmRef><dmRefIdent>${dmCodeXml(meta.brex ?? DEFAULT_BREX_50)}</dmRefIdent></dmRef></brexDmRef>`,
    '<qualityAssurance><unverified/></qualityAssurance>',
  ]
    .map((l) => `${indent}${l}`)
    .join('\n');
}

const CONTENT: Record<DmTemplateSchema, string> = {
  proced: `  <content>
    <procedure>
      <preliminaryRqmts>
        <reqCondGroup><noConds/></reqCondGroup>
        <reqSupportEquips><noSupportEquips/></reqSupportEquips>
        <reqSupplies><noSupplies/></reqSupplies>
        <reqSpares><noSpares/></reqSpares>
        <reqSafety><noSafety/></reqSafety>
      </preliminaryRqmts>
      <mainProcedure>
        <proceduralStep>
          <para>Step 1.</para>
        </proceduralStep>
      </mainProcedure>
      <closeRqmts>
        <reqCondGroup><noConds/></reqCondGroup>
      </closeRqmts>
    </procedure>
  </content>`,
  descript: `  <content>
    <description>
      <levelledPara>
        <title>General</title>
        <para>Description.</para>
      </levelledPara>
    </description>
  </content>`,
  fault: `  <content>
    <faultReporting>
      <detectedFault id="fault-0001" faultCode="000000001">
        <faultDescr><descr>Fault description.</descr></faultDescr>
      </detectedFault>
    </faultReporting>
  </content>`,
  ipd: `  <content>
    <illustratedPartsCatalog>
      <catalogSeqNumber systemCode="00" subSystemCode="0" subSubSystemCode="0" assyCode="00" figureNumber="01" item="001" indenture="1">
        <itemSeqNumber itemSeqNumberValue="00A">
          <quantityPerNextHigherAssy>1</quantityPerNextHigherAssy>
          <partRef manufacturerCodeValue="00000" partNumberValue="PART-1"/>
          <partSegment>
            <itemIdentData><descrForPart>Part</descrForPart></itemIdentData>
          </partSegment>
        </itemSeqNumber>
      </catalogSeqNumber>
    </illustratedPartsCatalog>
  </content>`,
  crew: `  <content>
    <crew>
      <crewRefCard>
        <title>Checklist</title>
        <crewDrill>
          <crewDrillStep>
            <challengeAndResponse>
              <challenge><para>Item</para></challenge>
              <response><para>Checked</para></response>
            </challengeAndResponse>
          </crewDrillStep>
        </crewDrill>
      </crewRefCard>
    </crew>
  </content>`,
};

const XMLNS = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';

/** A new data module's dmAddress: its code, language, issue 000-01, date and title. */
export function dmAddressXml(input: DmTemplateInput): string {
  const info = input.infoName?.trim() ? `\n          <infoName>${escapeXml(input.infoName.trim())}</infoName>` : '';
  return `<dmAddress>
      <dmIdent>
        ${dmCodeXml(input.dmc)}
        ${languageXml(input.language)}
        <issueInfo issueNumber="000" inWork="01"/>
      </dmIdent>
      <dmAddressItems>
        ${dateXml(input.issueDate)}
        <dmTitle>
          <techName>${escapeXml(input.techName.trim())}</techName>${info}
        </dmTitle>
      </dmAddressItems>
    </dmAddress>`;
}

/** A new data module of a schema, at issue 000 in work 01. */
export function dataModuleTemplate(schema: DmTemplateSchema, input: DmTemplateInput): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<dmodule ${XMLNS} xsi:noNamespaceSchemaLocation="${SCHEMA_BASE_50}${schema}.xsd">
  <identAndStatusSection>
    ${dmAddressXml(input)}
    <dmStatus issueType="new">
${statusBody(input, '      ')}
    </dmStatus>
  </identAndStatusSection>
${CONTENT[schema]}
</dmodule>
`;
}

/** A new publication module's pmAddress: its code, language, issue 000-01, date and title. */
export function pmAddressXml(input: Omit<PmTemplateInput, 'firstRef'>): string {
  const c = input.pmCode;
  return `<pmAddress>
      <pmIdent>
        <pmCode modelIdentCode="${c.modelIdentCode.toUpperCase()}" pmIssuer="${c.pmIssuer.toUpperCase()}" pmNumber="${c.pmNumber.toUpperCase()}" pmVolume="${c.pmVolume}"/>
        ${languageXml(input.language)}
        <issueInfo issueNumber="000" inWork="01"/>
      </pmIdent>
      <pmAddressItems>
        ${dateXml(input.issueDate)}
        <pmTitle>${escapeXml(input.pmTitle.trim())}</pmTitle>
      </pmAddressItems>
    </pmAddress>`;
}

/** A new publication module: one entry titled as the PM, holding its first reference. */
export function pmTemplate(input: PmTemplateInput): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<pm ${XMLNS} xsi:noNamespaceSchemaLocation="${SCHEMA_BASE_50}pm.xsd">
  <identAndStatusSection>
    ${pmAddressXml(input)}
    <pmStatus issueType="new">
${statusBody(input, '      ')}
    </pmStatus>
  </identAndStatusSection>
  <content>
    <pmEntry>
      <pmEntryTitle>${escapeXml(input.pmTitle.trim())}</pmEntryTitle>
      ${input.firstRef}
    </pmEntry>
  </content>
</pm>
`;
}

/** A new data module list's dmlAddress: its code, issue 000-01 and date. */
export function dmlAddressXml(input: Omit<DmlTemplateInput, 'firstEntry'>): string {
  const c = input.dmlCode;
  return `<dmlAddress>
      <dmlIdent>
        <dmlCode modelIdentCode="${c.modelIdentCode.toUpperCase()}" senderIdent="${c.senderIdent.toUpperCase()}" dmlType="${c.dmlType}" yearOfDataIssue="${c.yearOfDataIssue}" seqNumber="${c.seqNumber}"/>
        <issueInfo issueNumber="000" inWork="01"/>
      </dmlIdent>
      <dmlAddressItems>
        ${dateXml(input.issueDate)}
      </dmlAddressItems>
    </dmlAddress>`;
}

/** A new data module list (a DMRL is dmlType p) with its first entry. */
export function dmlTemplate(input: DmlTemplateInput): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<dml ${XMLNS} xsi:noNamespaceSchemaLocation="${SCHEMA_BASE_50}dml.xsd">
  <identAndStatusSection>
    ${dmlAddressXml(input)}
    <dmlStatus issueType="new">
      <security securityClassification="${input.securityClassification ?? '01'}"/>
      <brexDmRef><dmRef><dmRefIdent>${dmCodeXml(input.brex ?? DEFAULT_BREX_50)}</dmRefIdent></dmRef></brexDmRef>
    </dmlStatus>
  </identAndStatusSection>
  <dmlContent>
    ${input.firstEntry}
  </dmlContent>
</dml>
`;
}

/** A dmlEntry naming a data module (a DMRL line), to go at the end of dmlContent. */
export function dmlEntryXml(dmc: DmcFields, techName: string, infoName: string | undefined, enterpriseCode: string): string {
  const info = infoName?.trim() ? `<infoName>${escapeXml(infoName.trim())}</infoName>` : '';
  return `<dmlEntry issueType="new"><dmRef><dmRefIdent>${dmCodeXml(dmc)}</dmRefIdent><dmRefAddressItems><dmTitle><techName>${escapeXml(techName.trim())}</techName>${info}</dmTitle></dmRefAddressItems></dmRef><responsiblePartnerCompany enterpriseCode="${escapeXml(enterpriseCode)}"/></dmlEntry>`;
}

/** A dmRef to a data module, for a PM's pmEntry. */
export function dmRefXml(dmc: DmcFields, techName?: string, infoName?: string): string {
  const title = techName?.trim()
    ? `<dmRefAddressItems><dmTitle><techName>${escapeXml(techName.trim())}</techName>${infoName?.trim() ? `<infoName>${escapeXml(infoName.trim())}</infoName>` : ''}</dmTitle></dmRefAddressItems>`
    : '';
  return `<dmRef><dmRefIdent>${dmCodeXml(dmc)}</dmRefIdent>${title}</dmRef>`;
}

/** The file name of an object: `<code>_<issue>-<inwork>[_<lang>-<COUNTRY>].XML` (a DML has no language). */
export function objectFileName(code: string, issue: { issueNumber: string; inWork: string }, language?: Language): string {
  const lang = language ? `_${language.languageIsoCode.toUpperCase()}-${language.countryIsoCode.toUpperCase()}` : '';
  return `${code.toUpperCase()}_${issue.issueNumber}-${issue.inWork}${lang}.XML`;
}
