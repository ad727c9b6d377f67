import { badRequest } from '../../../platform/http/errors';

/**
 * A path inside a library, normalised to "a/b/c" ('' is the root when `root` is allowed).
 * "..", absolute paths, NUL and other control characters, backslashes and a ".git" segment
 * are refused with a 400 naming the field, so nothing can point outside the tree.
 */
export function repoPath(raw: string, field: string, opts: { root?: boolean } = {}): string {
  const refuse = () => badRequest('explorer.badPath', { field, path: raw.slice(0, 200) });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) throw refuse();
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw)) throw refuse();
  const parts: string[] = [];
  for (const part of raw.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' || part.toLowerCase() === '.git' || part.length > 255) throw refuse();
    parts.push(part);
  }
  const path = parts.join('/');
  if (path === '' && !opts.root) throw refuse();
  return path;
}

/** A single file or folder name (no slash). */
export function entryName(raw: string, field: string): string {
  const name = raw.trim();
  if (name.includes('/')) throw badRequest('explorer.badPath', { field, path: raw.slice(0, 200) });
  return repoPath(name, field);
}

export const joinPath = (folder: string, name: string) => (folder === '' ? name : `${folder}/${name}`);
export const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
