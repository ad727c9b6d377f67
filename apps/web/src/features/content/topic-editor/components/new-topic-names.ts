import type { TemplateOption } from '@ccms/contracts/content/template';
import { isDitaContent, TOPIC_EXTENSION } from '@ccms/dita/files';

/** A file-name stem from a title: ASCII letters and digits joined by "-" (a title without any gets a dated stem). */
export function slugOf(title: string, now = Date.now()): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug || `topic-${now.toString(36)}`;
}

/** The file name a new topic gets from its title. */
export const fileNameOf = (title: string, now?: number) => `${slugOf(title, now)}${TOPIC_EXTENSION}`;

/**
 * The root @id named like the file (`install-pump.dita` → `install-pump`): the name without its
 * extension, made an XML name (NCName: what is not a letter, digit, ".", "_" or "-" becomes "_",
 * and a name not starting with a letter or "_" gets "t_" before it); empty when no letter or digit is left.
 */
export function idOfFileName(fileName: string): string {
  const base = fileName.trim().replace(/^.*\//, '');
  // A topic's name less its extension (.dita, .xml): what follows the last dot.
  const stem = isDitaContent(base) ? base.slice(0, base.lastIndexOf('.')) : base;
  const name = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .slice(0, 200);
  // A name with no letter or digit at all (a file named in Chinese, say) names nothing: the writer types the id.
  if (!/[A-Za-z0-9]/.test(name)) return '';
  return /^[A-Za-z_]/.test(name) ? name : `t_${name}`.slice(0, 200);
}

/** The root @id a new topic gets from its title: the id of the file name the title gives. */
export const idOf = (title: string, now?: number) => idOfFileName(fileNameOf(title, now));

/** The templates a topic type offers: those of the type, the one in the writer's language first. */
export function templatesOfType(options: readonly TemplateOption[], type: string, language: string): TemplateOption[] {
  const lang = language.toLowerCase().startsWith('en') ? 'en' : 'zh';
  const mine = (o: TemplateOption) => (o.lang.toLowerCase().startsWith(lang) ? 0 : 1);
  return options.filter((o) => o.kind === 'topic' && o.doctypeName === type).sort((a, b) => mine(a) - mine(b) || a.templateName.localeCompare(b.templateName));
}
