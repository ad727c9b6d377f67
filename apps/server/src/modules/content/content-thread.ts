import { type Ask, serveTasks } from '../../platform/worker/thread-tasks';
import { BatchedSource } from './catalog/commit-source';
import { renderFlightopsPreview } from './flightops/flightops-check';
import { checkDita } from './shared/dita-validation';
import { describeTask } from './shared/thread-describe';
import { askingGrammar, type ThreadCheckInput } from './shared/thread-grammar';
import { s1000dCheckTask } from './shared/thread-s1000d';
import { standardCheckTask } from './shared/thread-standards';
import { templateTask } from './template/template-check';
import { type DitaPreviewInput, type PreviewBranch, type PreviewQuestion, renderDitaPreview, s1000dPreviewHtml } from './topic-editor/preview-render';
import type { FlightopsPreviewInput, S1000dPreviewInput } from './topic-editor/preview-threads';
import { describeDitaTopic } from './topic-editor/topic-by-standard';

/*
 * The content area's worker threads (app.content.threads): the checks of a save's DITA text, S1000D
 * object (thread-s1000d.ts) or ATA, flight-operations or XML-profile file (thread-standards.ts),
 * a large file's type and title as the editor opens it (thread-describe.ts), a template's check and
 * preview (template-check.ts), and the renderings of
 * the editor's previews and a plan's "what changed" (preview-threads.ts: the text parsed, checked,
 * loaded with the branch and rendered) run here, not on the request loop. The server answers what a thread cannot know:
 * the branch's file contents, whether the document types table checks a root's grammar, and which
 * catalogue's DTDs apply.
 */

/** The branch head as the engine reads it here: the file list known, contents asked of the server (one question a tick). */
class AskingSource extends BatchedSource {
  constructor(
    files: string[],
    overlay: Map<string, string>,
    private readonly ask: Ask,
  ) {
    super(new Set(files));
    for (const [path, text] of overlay) this.setOverlay(path, text);
  }

  protected async fetch(paths: string[]): Promise<(Buffer | null)[]> {
    // Contents that crossed threads arrive as plain Uint8Arrays.
    const bodies = (await this.ask({ kind: 'read', paths } satisfies PreviewQuestion)) as (Uint8Array | null)[];
    return bodies.map((b) => (b ? Buffer.from(b.buffer, b.byteOffset, b.byteLength) : null));
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
  s1000dCheck: s1000dCheckTask,
  standardCheck: standardCheckTask,
  describe: describeTask,
  s1000d: (input: S1000dPreviewInput) => s1000dPreviewHtml(input.path, input.content, input.lang, input.assignment),
  flightops: (input: FlightopsPreviewInput) => renderFlightopsPreview(input.content, input.lang, input.aircraft),
  template: templateTask,
});
