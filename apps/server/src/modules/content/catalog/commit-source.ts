import type { FileSource } from '@ccms/dita';
import { normalizePath } from '@ccms/dita';
import type { GitRepo } from '../../../platform/git/git-repo';

/**
 * One commit's files as the DITA engine reads them. The file list is known up front (exists/list
 * never fetch); contents come from a prefetched batch or are fetched on demand, reads asked for in
 * the same tick going out as one batch; some paths can be overlaid with text that is not in the
 * commit (an unsaved edit, a generated map).
 */
export abstract class BatchedSource implements FileSource {
  private readonly contents = new Map<string, Buffer>();
  private readonly overlay = new Map<string, string>();
  private pending: { paths: Set<string>; done: Promise<void> } | null = null;

  constructor(readonly files: ReadonlySet<string>) {}

  /** The contents of these paths of the commit, in order (null: not readable). */
  protected abstract fetch(paths: string[]): Promise<(Buffer | null)[]>;

  /** Keeps a path's contents (a subclass may note the read). */
  protected keep(path: string, body: Buffer): void {
    this.contents.set(path, body);
  }

  /** Reads many files at once (the full index reads every DITA file up front). */
  async prefetch(paths: string[]): Promise<void> {
    const wanted = paths.filter((p) => !this.contents.has(p) && this.files.has(p));
    for (let i = 0; i < wanted.length; i += 2000) {
      const chunk = wanted.slice(i, i + 2000);
      const bodies = await this.fetch(chunk);
      chunk.forEach((p, k) => {
        const body = bodies[k];
        if (body) this.keep(p, body);
      });
    }
  }

  /** A file that exists only for the engine (an unsaved text, the map listing topics no map reaches). */
  setOverlay(path: string, content: string): void {
    this.overlay.set(path, content);
  }

  private fetchSoon(path: string): Promise<void> {
    if (!this.pending) {
      const paths = new Set<string>();
      const done = Promise.resolve().then(async () => {
        this.pending = null;
        await this.prefetch([...paths]);
      });
      this.pending = { paths, done };
    }
    this.pending.paths.add(path);
    return this.pending.done;
  }

  async read(filePath: string): Promise<Buffer | string> {
    const path = normalizePath(filePath) ?? filePath;
    const fake = this.overlay.get(path);
    if (fake !== undefined) return fake;
    let body = this.contents.get(path);
    if (!body && this.files.has(path)) {
      await this.fetchSoon(path);
      body = this.contents.get(path);
    }
    if (!body) throw new Error(`no such file: ${path}`);
    return body;
  }

  async exists(filePath: string): Promise<boolean> {
    const path = normalizePath(filePath) ?? filePath;
    return this.files.has(path) || this.overlay.has(path);
  }

  async list(dir = ''): Promise<string[]> {
    const prefix = normalizePath(dir) ?? '';
    return [...this.files].filter((p) => prefix === '' || p.startsWith(`${prefix}/`)).sort();
  }

  /** Contents already read (for callers that need the text of a file the engine read). */
  cached(path: string): Buffer | undefined {
    return this.contents.get(path);
  }
}

/**
 * The DITA engine's view of one commit of a library clone: contents read from git, a batch in
 * one `cat-file --batch`. Every path read from git is remembered, so an incremental index can say
 * exactly what it read.
 */
export class CommitSource extends BatchedSource {
  /** Paths read from git, in order, each once. */
  readonly readLog: string[] = [];

  constructor(
    private readonly repo: GitRepo,
    readonly commit: string,
    files: ReadonlySet<string>,
  ) {
    super(files);
  }

  protected fetch(paths: string[]): Promise<(Buffer | null)[]> {
    return this.repo.readFiles(this.commit, paths);
  }

  protected override keep(path: string, body: Buffer): void {
    super.keep(path, body);
    this.readLog.push(path);
  }

  /** Contents known without asking git (what this server just committed): read as if from the commit. */
  seed(path: string, body: Buffer): void {
    if (this.cached(path) || !this.files.has(path)) return;
    this.keep(path, body);
  }
}
