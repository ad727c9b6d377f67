import { TEMPLATE_PLACEHOLDERS, type TemplatePlaceholder } from '@ccms/contracts/content/template';
import { badRequest } from '../../../platform/http/errors';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const PLACEHOLDER = /\$\{([^}]*)\}/g;

type DitaPlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
/** The DITA placeholders' values; an S1000D template's extra ones (year, month, ...) where it has them. */
export type TemplateValues = Record<DitaPlaceholder, string> & Partial<Record<TemplatePlaceholder, string>>;

/** The placeholders a template uses; one outside `names` (a DITA template's, by default) is a 400 naming it. */
export function placeholdersOf(content: string, names: readonly TemplatePlaceholder[] = TEMPLATE_PLACEHOLDERS): TemplatePlaceholder[] {
  const known = new Set<string>(names);
  const used = new Set<TemplatePlaceholder>();
  for (const m of content.matchAll(PLACEHOLDER)) {
    const name = (m[1] ?? '').trim();
    if (!known.has(name)) throw badRequest('template.placeholder', { name: `\${${name}}`, names: names.map((n) => `\${${n}}`).join(' ') });
    used.add(name as TemplatePlaceholder);
  }
  return [...used];
}

/** The template's text with every placeholder replaced by its value, escaped for XML text and attributes. */
export function fillTemplate(content: string, values: TemplateValues, names: readonly TemplatePlaceholder[] = TEMPLATE_PLACEHOLDERS): string {
  placeholdersOf(content, names);
  return content.replace(PLACEHOLDER, (_m, name: string) => escapeXml(values[name.trim() as TemplatePlaceholder] ?? ''));
}
