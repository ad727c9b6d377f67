import type { Language } from '@ccms/contracts/constants';
import type { EditorPreview } from '@ccms/contracts/content/topic-editor';
import type { Aircraft } from '@ccms/flightops';
import type { GitRepo } from '../../../platform/git/git-repo';
import type { ThreadPool } from '../../../platform/worker/thread-pool';
import { CommitSource } from '../catalog/commit-source';
import type { DitaPreviewInput, PreviewBranch, PreviewQuestion } from './preview-render';

/*
 * Renderings of a file on the content threads (content-thread.ts), as the editor's preview and a
 * plan's "what changed" ask for them: the thread parses and renders; this side answers what only
 * the server knows (the branch's files at a commit, their contents, the keys, the grammar).
 */

/** What the thread's `s1000d` task is given. */
export interface S1000dPreviewInput {
  path: string;
  content: string;
  lang: Language;
  assignment?: Record<string, string>;
}

/** What the thread's `flightops` task is given: the aircraft already found in the branch's fleet. */
export interface FlightopsPreviewInput {
  content: string;
  lang: Language;
  aircraft?: Aircraft;
}

/** Where a DITA rendering's branch is: the clone and the commit (null: the branch has none), and its keys. */
export interface PreviewAt {
  at: () => Promise<{ repo: GitRepo; commit: string | null }>;
  keys: () => Promise<PreviewBranch['keys']>;
}

/**
 * The answers to a DITA rendering's questions about its branch: the files at the commit with the
 * keys, then the contents of those it reads (an unreadable one answers null). The grammar's
 * questions are the caller's.
 */
export function branchAnswers({ at, keys }: PreviewAt): (q: Exclude<PreviewQuestion, { kind: 'checksGrammar' | 'catalog' }>) => Promise<unknown> {
  let source: CommitSource | undefined;
  return async (q) => {
    if (q.kind === 'branch') {
      const { repo, commit } = await at();
      if (!commit) return null;
      const files = (await repo.filesUnder(commit, '')).filter((e) => e.type === 'blob').map((e) => e.path);
      source = new CommitSource(repo, commit, new Set(files));
      return { files, keys: await keys() } satisfies PreviewBranch;
    }
    const from = source;
    if (!from) throw new Error('the preview read a file before its branch');
    return Promise.all(
      q.paths.map((p) =>
        from.read(p).then(
          (b) => (typeof b === 'string' ? Buffer.from(b) : b),
          () => null,
        ),
      ),
    );
  };
}

/** The renderings, each on a content thread. */
export function threadPreviews(threads: ThreadPool) {
  return {
    dita: (input: DitaPreviewInput, answer: (q: PreviewQuestion) => Promise<unknown>) =>
      threads.run<EditorPreview>('dita', input, (q) => answer(q as PreviewQuestion)),
    s1000d: (input: S1000dPreviewInput) => threads.run<string>('s1000d', input),
    flightops: (input: FlightopsPreviewInput) => threads.run<string>('flightops', input),
  };
}
