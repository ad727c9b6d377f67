// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the templates spell their placeholders ${name}
/**
 * Template texts an administrator edits (System Manager → Template), and new objects made from
 * them: the builders in templates.ts write each object's identification and status; these functions
 * set them in a template's text and keep the rest of its body.
 */
import type { Language } from '../codes.js';
import type { DmcFields } from './dmc.js';
import {
  DEFAULT_BREX_50,
  type DmlTemplateInput,
  type DmTemplateInput,
  dataModuleTemplate,
  dmAddressXml,
  dmCodeXml,
  dmlAddressXml,
  dmlEntryXml,
  dmlTemplate,
  dmRefXml,
  escapeXml,
  languageXml,
  type ObjectMeta,
  type PmTemplateInput,
  pmAddressXml,
  pmTemplate,
  type TemplateSchema,
} from './templates.js';

/**
 * Editable templates (System Manager → Template): each schema's new object with placeholders where
 * the values go (${title}, ${year}-${month}-${day}, ${languageIsoCode}, ${enterpriseCode}) and a
 * sample code. A new object made from one gets its ident and status from the DMC builder
 * (applyDmIdent, applyPmIdent, applyDmlIdent), so the template's body is what an edit changes.
 */
export const SAMPLE_DMC: DmcFields = {
  modelIdentCode: 'SAMPLE',
  systemDiffCode: 'A',
  systemCode: '00',
  subSystemCode: '0',
  subSubSystemCode: '0',
  assyCode: '00',
  disassyCode: '00',
  disassyCodeVariant: 'A',
  infoCode: '040',
  infoCodeVariant: 'A',
  itemLocationCode: 'A',
};

const ph = (name: string) => `$\{${name}}`;
const PLACEHOLDER_LANGUAGE: Language = { languageIsoCode: 'xx', countryIsoCode: 'XX' };
const withLanguagePlaceholders = (xml: string) =>
  xml.replace(languageXml(PLACEHOLDER_LANGUAGE), `<language languageIsoCode="${ph('languageIsoCode')}" countryIsoCode="${ph('countryIsoCode')}"/>`);
const PLACEHOLDER_META = {
  language: PLACEHOLDER_LANGUAGE,
  issueDate: `${ph('year')}-${ph('month')}-${ph('day')}`,
  enterpriseCode: ph('enterpriseCode'),
};

/** The template text of a schema, with placeholders (see SAMPLE_DMC). */
export function schemaTemplateText(schema: TemplateSchema): string {
  if (schema === 'pm')
    return withLanguagePlaceholders(
      pmTemplate({
        ...PLACEHOLDER_META,
        pmCode: { modelIdentCode: 'SAMPLE', pmIssuer: '00000', pmNumber: '00001', pmVolume: '00' },
        pmTitle: ph('title'),
        firstRef: dmRefXml(SAMPLE_DMC),
      }),
    );
  if (schema === 'dml')
    return dmlTemplate({
      ...PLACEHOLDER_META,
      dmlCode: { modelIdentCode: 'SAMPLE', senderIdent: '00000', dmlType: 'p', yearOfDataIssue: '2000', seqNumber: '00001' },
      firstEntry: dmlEntryXml(SAMPLE_DMC, ph('title'), undefined, ph('enterpriseCode')),
    });
  return withLanguagePlaceholders(dataModuleTemplate(schema, { ...PLACEHOLDER_META, dmc: SAMPLE_DMC, techName: ph('title') }));
}

/** The first `<name ...>...</name>` (or `<name .../>`) in `text` from `from`, as [start, end). */
function elementSpan(text: string, name: string, from = 0): [number, number] | undefined {
  const open = new RegExp(`<${name}(?=[\\s/>])[^>]*?(/?)>`, 'g');
  open.lastIndex = from;
  const m = open.exec(text);
  if (!m) return undefined;
  if (m[1] === '/') return [m.index, m.index + m[0].length];
  const close = text.indexOf(`</${name}>`, m.index + m[0].length);
  return close < 0 ? undefined : [m.index, close + name.length + 3];
}

function replaceSpan(text: string, span: [number, number] | undefined, by: string): string {
  return span ? text.slice(0, span[0]) + by + text.slice(span[1]) : text;
}

/** Inside `status` (dmStatus, pmStatus, dmlStatus): issueType new, the enterprise and the BREX from the builder. */
function applyStatus(text: string, status: string, meta: Omit<ObjectMeta, 'language'>): string | undefined {
  const span = elementSpan(text, status);
  if (!span) return undefined;
  let block = text.slice(span[0], span[1]);
  block = block.replace(new RegExp(`^<${status}\\b[^>]*>`), (open) =>
    /\bissueType="[^"]*"/.test(open) ? open.replace(/\bissueType="[^"]*"/, 'issueType="new"') : open.replace(/>$/, ' issueType="new">'),
  );
  const enterprise = escapeXml(meta.enterpriseCode);
  const name = meta.enterpriseName ? `<enterpriseName>${escapeXml(meta.enterpriseName)}</enterpriseName>` : '';
  for (const el of ['responsiblePartnerCompany', 'originator'])
    block = replaceSpan(block, elementSpan(block, el), `<${el} enterpriseCode="${enterprise}">${name}</${el}>`);
  block = replaceSpan(
    block,
    elementSpan(block, 'brexDmRef'),
    `<brexDmRef><dmRef><dmRefIdent>${dmCodeXml(meta.brex ?? DEFAULT_BREX_50)}</dmRefIdent></dmRef></brexDmRef>`,
  );
  return text.slice(0, span[0]) + block + text.slice(span[1]);
}

/** Every `name` element between `from` and `to` removed. */
function removeAll(text: string, name: string, from: number, to: () => number): string {
  let out = text;
  for (let span = elementSpan(out, name, from); span && span[1] <= to(); span = elementSpan(out, name, from)) {
    out = out.slice(0, span[0]) + out.slice(span[1]);
    from = span[0];
  }
  return out;
}

/**
 * A data module from a template's text: its dmAddress (code, language, issue 000-01, date, title)
 * and status (issueType new, enterprise, BREX) set from the builder, the rest of the template kept.
 * Undefined when the text has no dmAddress or dmStatus to set.
 */
export function applyDmIdent(text: string, input: DmTemplateInput): string | undefined {
  const address = elementSpan(text, 'dmAddress');
  if (!address) return undefined;
  return applyStatus(replaceSpan(text, address, dmAddressXml(input)), 'dmStatus', input);
}

/**
 * A publication module from a template's text: pmAddress and status set from the builder; the
 * template's own references in its content dropped and `firstRef` put in its first pmEntry, after
 * its title. Undefined when the text has no pmAddress, pmStatus or pmEntry.
 */
export function applyPmIdent(text: string, input: PmTemplateInput): string | undefined {
  const address = elementSpan(text, 'pmAddress');
  if (!address) return undefined;
  let out = applyStatus(replaceSpan(text, address, pmAddressXml(input)), 'pmStatus', input);
  if (out === undefined) return undefined;
  const content = elementSpan(out, 'content');
  if (!content) return undefined;
  const end = () => out?.indexOf('</content>', content[0]) ?? 0;
  for (const name of ['dmRef', 'pmRef', 'externalPubRef']) out = removeAll(out, name, content[0], end);
  const entry = elementSpan(out, 'pmEntry', content[0]);
  if (!entry) return undefined;
  const title = elementSpan(out, 'pmEntryTitle', entry[0]);
  const openEnd = out.indexOf('>', entry[0]) + 1;
  const at = title && title[0] < entry[1] && out.slice(openEnd, title[0]).trim() === '' ? title[1] : openEnd;
  return `${out.slice(0, at)}\n      ${input.firstRef}${out.slice(at)}`;
}

/**
 * A data module list from a template's text: dmlAddress and status set from the builder, the
 * template's own entries dropped and `firstEntry` put first in dmlContent. Undefined when the text
 * has no dmlAddress, dmlStatus or dmlContent.
 */
export function applyDmlIdent(text: string, input: DmlTemplateInput): string | undefined {
  const address = elementSpan(text, 'dmlAddress');
  if (!address) return undefined;
  let out = applyStatus(replaceSpan(text, address, dmlAddressXml(input)), 'dmlStatus', input);
  if (out === undefined) return undefined;
  const content = elementSpan(out, 'dmlContent');
  if (!content) return undefined;
  out = removeAll(out, 'dmlEntry', content[0], () => out?.indexOf('</dmlContent>', content[0]) ?? 0);
  const openEnd = out.indexOf('>', content[0]) + 1;
  return `${out.slice(0, openEnd)}\n    ${input.firstEntry}${out.slice(openEnd)}`;
}
