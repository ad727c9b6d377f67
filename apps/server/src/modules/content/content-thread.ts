import { type FileSource, normalizePath } from '@ccms/dita';
import { type Ask, serveTasks } from '../../platform/worker/thread-tasks';
import { checkDita } from './shared/dita-validation';
import { askingGrammar, type ThreadCheckInput } from './shared/thread-grammar';
import { type DitaPreviewInput, type PreviewBranch, type PreviewQuestion, renderDitaPreview, s1000dPreviewHtml } from './topic-editor/preview-render';
import { describeDitaTopic } from './topic-editor/topic-by-standard';

/*
 * The content area's worker threads (app.content.threads): the checks of a save's DITA text and
 * the editor's previews (the posted text parsed, checked against its DTD, loaded with the branch
 * and rendered) run here, not on the request loop. The server answers what a thread cannot know:
 * the branch's file contents, whether the document types table checks a root's grammar, and which
 * catalogue's DTDs apply.
 */

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
  check: async (input: ThreadCheckInput, ask) => {
    const checked = await checkDita(input.text, input.path, input.lang, askingGrammar(ask));
    return { problems: checked.problems, described: checked.root ? describeDitaTopic(checked.root) : undefined };
  },
  dita: async (input: DitaPreviewInput, ask) => {
    const branchOf = async () => (await ask({ kind: 'branch' } satisfies PreviewQuestion)) as PreviewBranch | null;
    return renderDitaPreview(input, askingGrammar(ask), branchOf, (files, overlay) => new AskingSource(files, overlay, ask));
  },
  s1000d: async (input: { path: string; content: string; lang: DitaPreviewInput['lang']; assignment?: Record<string, string> }) =>
    s1000dPreviewHtml(input.path, input.content, input.lang, input.assignment),
});
