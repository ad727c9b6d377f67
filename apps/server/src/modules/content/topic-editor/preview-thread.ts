import type { Doctype } from '@ccms/dita';
import { DtdValidation, type FileSource, normalizePath } from '@ccms/dita';
import { keepNewest } from '../../../platform/lru';
import { type Ask, serveTasks } from '../../../platform/worker/thread-tasks';
import type { GrammarRules } from '../shared/dita-validation';
import { type DitaPreviewInput, type PreviewBranch, renderDitaPreview, s1000dPreviewHtml } from './preview-render';

/*
 * The editor's previews in a worker thread (started by the server's preview pool): the posted text
 * parsed, checked against its DTD, loaded with the branch and rendered here, not on the request
 * loop. The server answers what this thread cannot know: the branch's file contents, whether the
 * document types table checks a root's grammar, and which catalogue's DTDs apply.
 */

/** What a preview task asks the server. */
export type PreviewQuestion =
  | { kind: 'branch' }
  | { kind: 'read'; paths: string[] }
  | { kind: 'checksGrammar'; rootName: string }
  | { kind: 'catalog'; doctype: Doctype | undefined };

/** DTDs compiled in this thread, by catalogue file (a few: the installed packages and the machine's). */
const compiled = new Map<string, Promise<DtdValidation | undefined>>();
function dtdsOf(catalogFile: string): Promise<DtdValidation | undefined> {
  const known = compiled.get(catalogFile);
  if (known) return known;
  const opening = DtdValidation.open(catalogFile);
  keepNewest(compiled, catalogFile, opening, 4);
  opening.catch(() => compiled.delete(catalogFile));
  return opening;
}

/** The branch head as the engine reads it here: the file list known, contents asked of the server (one question a tick). */
class AskingSource implements FileSource {
  private readonly files: Set<string>;
  private pending: { paths: Set<string>; done: Promise<Map<string, Buffer>> } | null = null;

  constructor(
    files: string[],
    private readonly overlay: Map<string, string>,
    private readonly ask: Ask,
  ) {
    this.files = new Set(files);
  }

  private readSoon(path: string): Promise<Map<string, Buffer>> {
    if (!this.pending) {
      const paths = new Set<string>();
      const done = Promise.resolve().then(async () => {
        this.pending = null;
        const list = [...paths];
        const bodies = (await this.ask({ kind: 'read', paths: list } satisfies PreviewQuestion)) as (Uint8Array | null)[];
        const out = new Map<string, Buffer>();
        list.forEach((p, i) => {
          const body = bodies[i];
          if (body) out.set(p, Buffer.from(body.buffer, body.byteOffset, body.byteLength));
        });
        return out;
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
    const body = this.files.has(path) ? (await this.readSoon(path)).get(path) : undefined;
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
}

serveTasks({
  dita: async (input: DitaPreviewInput, ask) => {
    const grammar: GrammarRules = {
      checksGrammar: async (rootName) => (await ask({ kind: 'checksGrammar', rootName } satisfies PreviewQuestion)) === true,
      async dtdsFor(doctype) {
        const catalogFile = (await ask({ kind: 'catalog', doctype } satisfies PreviewQuestion)) as string | null;
        return catalogFile ? dtdsOf(catalogFile) : undefined;
      },
    };
    const branchOf = async () => (await ask({ kind: 'branch' } satisfies PreviewQuestion)) as PreviewBranch | null;
    return renderDitaPreview(input, grammar, branchOf, (files, overlay) => new AskingSource(files, overlay, ask));
  },
  s1000d: async (input: { path: string; content: string; lang: DitaPreviewInput['lang']; assignment?: Record<string, string> }) =>
    s1000dPreviewHtml(input.path, input.content, input.lang, input.assignment),
});
