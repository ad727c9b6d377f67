import { readFileSync, statSync } from 'node:fs';
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

/** Resolves href (relative to the file `from`) to a root-relative path; undefined when outside the root. */
export function resolveRelative(from: string, href: string): string | undefined {
  let decoded = href;
  if (href.includes('%')) {
    try {
      decoded = decodeURIComponent(href);
    } catch {
      // keep the raw href: a stray % is not worth failing over
    }
  }
  if (decoded.startsWith('/')) return normalizePath(decoded);
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
  return normalizePath(dir ? `${dir}/${decoded}` : decoded);
}

export function relativePath(fromFile: string, toFile: string): string {
  const fromDir = fromFile.includes('/') ? fromFile.slice(0, fromFile.lastIndexOf('/')) : '';
  const rel = path.posix.relative(fromDir || '.', toFile);
  return rel === '' ? path.posix.basename(toFile) : rel;
}

export class FolderSource implements FileSource {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private abs(filePath: string): string | undefined {
    const norm = normalizePath(filePath);
    return norm === undefined ? undefined : path.join(this.root, norm);
  }

  async read(filePath: string): Promise<Buffer> {
    const abs = this.abs(filePath);
    if (abs === undefined) throw new Error(`path outside the source: ${filePath}`);
    // Synchronous reads are several times faster than fs.promises for thousands of small files.
    return readFileSync(abs);
  }

  async exists(filePath: string): Promise<boolean> {
    const abs = this.abs(filePath);
    if (abs === undefined) return false;
    return statSync(abs, { throwIfNoEntry: false })?.isFile() === true;
  }

  async list(dir = ''): Promise<string[]> {
    const base = this.abs(dir);
    if (base === undefined) return [];
    const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
    const out: string[] = [];
    for (const e of entries) {
      if (!e.isFile()) continue;
      const parent = e.parentPath;
      out.push(path.relative(this.root, path.join(parent, e.name)).split(path.sep).join('/'));
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
