import { TEMPLATE_PLACEHOLDERS, type TemplatePlaceholder } from '@ccms/contracts/content/template';
import { badRequest } from '../../../platform/http/errors';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const PLACEHOLDER = /\$\{([^}]*)\}/g;
const KNOWN = new Set<string>(TEMPLATE_PLACEHOLDERS);

export type TemplateValues = Record<TemplatePlaceholder, string>;

/** The placeholders a template uses; one outside TEMPLATE_PLACEHOLDERS is a 400 naming it. */
export function placeholdersOf(content: string): TemplatePlaceholder[] {
  const used = new Set<TemplatePlaceholder>();
  for (const m of content.matchAll(PLACEHOLDER)) {
    const name = (m[1] ?? '').trim();
    if (!KNOWN.has(name)) throw badRequest('template.placeholder', { name: `\${${name}}`, names: TEMPLATE_PLACEHOLDERS.map((n) => `\${${n}}`).join(' ') });
    used.add(name as TemplatePlaceholder);
  }
  return [...used];
}

/** The template's text with every placeholder replaced by its value, escaped for XML text and attributes. */
export function fillTemplate(content: string, values: TemplateValues): string {
  placeholdersOf(content);
  return content.replace(PLACEHOLDER, (_m, name: string) => escapeXml(values[name.trim() as TemplatePlaceholder]));
}
