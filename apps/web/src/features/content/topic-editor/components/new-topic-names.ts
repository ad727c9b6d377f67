import { TOPIC_EXTENSION } from '@ccms/dita/files';

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

/** The root @id a new topic gets from its title: an XML name (starts with a letter). */
export function idOf(title: string, now?: number): string {
  const slug = slugOf(title, now).replace(/-/g, '_');
  return /^[A-Za-z_]/.test(slug) ? slug : `t_${slug}`;
}
