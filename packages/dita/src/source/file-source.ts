import { readFileSync, realpathSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the engine reads content from. Paths are POSIX, relative to the source root
 * (a folder, or a git commit on the server).
 */
export interface FileSource {
  read(filePath: string): Promise<string | Buffer>;
  exists(filePath: string): Promise<boolean>;
  /** Every file path under dir (recursive), relative to the root. */
  list(dir?: string): Promise<string[]>;
  /** Why a path that is there is not read (a symbolic link out of the root); undefined when it is readable or absent. */
  refusal?(filePath: string): string | undefined;
  /** The file on disk, inside the root with links resolved, when the source is a folder (resources are copied from it). */
  localPath?(filePath: string): string | undefined;
}

export const SOURCE_OUTSIDE_ROOT = 'source-outside-root';

const OUTSIDE_TAIL = 'leads outside the source folder (through a symbolic link) and is not read';

export function outsideRootMessage(filePath: string): string {
  return `${filePath} ${OUTSIDE_TAIL}`;
}

export function isOutsideRootMessage(message: string): boolean {
  return message.endsWith(OUTSIDE_TAIL);
}

/** Normalises a relative POSIX path; returns undefined when it leaves the root. */
const NEEDS_NORMALIZING = /\\|\/\/|(^|\/)\.\.?(\/|$)|^\/|\/$/;

export function normalizePath(p: string): string | undefined {
  if (p !== '' && !NEEDS_NORMALIZING.test(p)) return p;
  const parts: string[] = [];
  for (const seg of (p.includes('\\') ? p.replace(/\\/g, '/') : p).split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join('/');
}

/**
 * A path as a browser reads it: tabs and newlines dropped, surrounding spaces and controls trimmed, percent-escapes
 * decoded (a browser reads "%2e%2e" as ".."). What the engine reads is then what a written link would load.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters a browser drops from a URL or trims off it
const BROWSER_DROPS = /[\u0000-\u0020%]/;

function browserPath(href: string): string {
  if (!BROWSER_DROPS.test(href)) return href;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters a browser drops from a URL
  const cleaned = href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (!cleaned.includes('%')) return cleaned;
  try {
    return decodeURIComponent(cleaned);
  } catch {
    return cleaned; // a stray % is not worth failing over
  }
}

/** An absolute path ("/etc/passwd", "//host/x", "\\host\x"): never a file of the source. */
export function isAbsolutePath(href: string): boolean {
  return /^[\\/]/.test(browserPath(href));
}

/**
 * Resolves href (relative to the file `from`) to a root-relative path; undefined when it leaves the root: an absolute
 * path, or one that climbs above the root.
 */
export function resolveRelative(from: string, href: string): string | undefined {
  const decoded = browserPath(href);
  if (/^[\\/]/.test(decoded)) return undefined;
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
  return normalizePath(dir ? `${dir}/${decoded}` : decoded);
}

export function relativePath(fromFile: string, toFile: string): string {
  const fromDir = fromFile.includes('/') ? fromFile.slice(0, fromFile.lastIndexOf('/')) : '';
  const rel = path.posix.relative(fromDir || '.', toFile);
  return rel === '' ? path.posix.basename(toFile) : rel;
}

/**
 * Content in a folder. Only what lies inside it is read: a path is resolved to its real location (symbolic links
 * followed, also through linked folders) and refused when that is outside the root.
 */
export class FolderSource implements FileSource {
  readonly root: string;
  private realRootCache: string | undefined;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private get realRoot(): string {
    if (this.realRootCache === undefined) {
      try {
        this.realRootCache = realpathSync.native(this.root);
      } catch {
        return this.root;
      }
    }
    return this.realRootCache;
  }

  private abs(filePath: string): string | undefined {
    const norm = normalizePath(filePath);
    return norm === undefined ? undefined : path.join(this.root, norm);
  }

  /** Where a path really is: inside the root, outside it (refused), or nowhere (undefined). */
  private locate(filePath: string): { real: string } | { outside: true } | undefined {
    const abs = this.abs(filePath);
    if (abs === undefined) return undefined; // ".." past the root: not a file of this source (callers report such paths)
    let real: string;
    try {
      real = realpathSync.native(abs);
    } catch {
      return undefined; // missing, or a link to nothing
    }
    const root = this.realRoot;
    return real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep) ? { real } : { outside: true };
  }

  async read(filePath: string): Promise<Buffer> {
    const at = this.locate(filePath);
    if (at === undefined) throw new Error(`no such file: ${filePath}`);
    if (!('real' in at)) throw new Error(outsideRootMessage(filePath));
    // Synchronous reads are several times faster than fs.promises for thousands of small files.
    return readFileSync(at.real);
  }

  async exists(filePath: string): Promise<boolean> {
    return this.localPath(filePath) !== undefined;
  }

  refusal(filePath: string): string | undefined {
    const at = this.locate(filePath);
    return at !== undefined && !('real' in at) ? outsideRootMessage(filePath) : undefined;
  }

  localPath(filePath: string): string | undefined {
    const at = this.locate(filePath);
    if (at === undefined || !('real' in at)) return undefined;
    return statSync(at.real, { throwIfNoEntry: false })?.isFile() === true ? at.real : undefined;
  }

  /** Files only: symbolic links are not listed (nor followed into linked folders). */
  async list(dir = ''): Promise<string[]> {
    const at = this.locate(dir);
    if (at === undefined || !('real' in at)) return [];
    const entries = await readdir(at.real, { recursive: true, withFileTypes: true }).catch(() => []);
    const out: string[] = [];
    for (const e of entries) {
      if (!e.isFile()) continue;
      const parent = e.parentPath;
      out.push(path.relative(this.realRoot, path.join(parent, e.name)).split(path.sep).join('/'));
    }
    return out.sort();
  }
}

/** In-memory source, for tests and for content handed over by a caller. */
export class MemorySource implements FileSource {
  readonly files: Map<string, string | Buffer>;

  constructor(files: Record<string, string | Buffer> = {}) {
    this.files = new Map(Object.entries(files).map(([k, v]) => [normalizePath(k) ?? k, v]));
  }

  set(filePath: string, content: string | Buffer): void {
    this.files.set(normalizePath(filePath) ?? filePath, content);
  }

  async read(filePath: string): Promise<string | Buffer> {
    const v = this.files.get(normalizePath(filePath) ?? filePath);
    if (v === undefined) throw new Error(`no such file: ${filePath}`);
    return v;
  }

  async exists(filePath: string): Promise<boolean> {
    return this.files.has(normalizePath(filePath) ?? filePath);
  }

  async list(dir = ''): Promise<string[]> {
    const prefix = normalizePath(dir) ?? '';
    return [...this.files.keys()].filter((k) => prefix === '' || k.startsWith(`${prefix}/`)).sort();
  }
}
