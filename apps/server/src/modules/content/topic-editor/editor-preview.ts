import type { Language } from '@ccms/contracts/constants';
import type { EditorPreview } from '@ccms/contracts/content/topic-editor';
import type { Condition, ConditionAction } from '@ccms/dita';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest } from '../../../platform/http/errors';
import type { ThreadPool } from '../../../platform/worker/thread-pool';
import { previewAircraft } from '../flightops/flightops-check';
import type { LibraryGit } from '../library/library-git';
import { listSettings } from '../library-config/library-config.queries';
import type { GrammarRules } from '../shared/dita-validation';
import { answerGrammar, isGrammarQuestion } from '../shared/thread-grammar';
import { standardOf } from '../standard/registry';
import type { DitaPreviewInput } from './preview-render';
import { branchAnswers, threadPreviews } from './preview-threads';
import { keyDefinitions } from './topic-editor.queries';
import type { TopicEditorService } from './topic-editor.service';

const ACTIONS = new Set<ConditionAction>(['include', 'exclude', 'passthrough', 'flag']);

/**
 * Renders unsaved topic text with the engine: the branch head as the file set (so conrefs, images
 * and links resolve), the text in place of the file, the keys the catalogue holds for the branch's
 * maps, and a filter group of the library applied. The work runs on the content threads (content-thread.ts);
 * this side checks access and answers the thread's questions: the branch's files, their contents,
 * and the grammar's decisions.
 */
export function editorPreview(db: Db, git: LibraryGit, editor: TopicEditorService, grammar: GrammarRules, threads: ThreadPool) {
  async function conditionsOf(libraryId: number, group: string | undefined): Promise<Condition[]> {
    if (!group) return [];
    const filters = await listSettings(db, 'filter', { libraryId, group });
    if (filters.length === 0) throw badRequest('editor.filterGroupMissing', { name: group });
    return filters.map((f) => ({ att: f.name, val: f.value, action: ACTIONS.has(f.type as ConditionAction) ? (f.type as ConditionAction) : 'exclude' }));
  }

  const previews = threadPreviews(threads);
  return {
    async render(
      auth: AuthContext,
      body: { libraryId: number; branch?: string; path: string; content: string; filterGroup?: string; applicAssignment?: Record<string, string> },
      lang: Language,
    ): Promise<EditorPreview> {
      const file = await editor.fileOf(auth, body, 'read');
      const standard = standardOf(file.row.libraryType).id;
      if (standard === 's1000d') {
        const html = await previews.s1000d({
          path: file.path,
          content: body.content,
          lang,
          ...(body.applicAssignment ? { assignment: body.applicAssignment } : {}),
        });
        return { html, problems: [], conrefs: [], links: [] };
      }
      if (standard === 'flightops') {
        const { repo } = await git.ready(file.row);
        const aircraft = await previewAircraft(repo, await repo.resolve(file.branch), body.applicAssignment?.aircraft);
        const html = await previews.flightops({ content: body.content, lang, ...(aircraft ? { aircraft } : {}) });
        return { html, problems: [], conrefs: [], links: [] };
      }
      const input: DitaPreviewInput = { path: file.path, content: body.content, lang, conditions: await conditionsOf(file.libraryId, body.filterGroup) };
      const branch = branchAnswers({
        at: async () => {
          const { repo } = await git.ready(file.row);
          return { repo, commit: await repo.resolve(file.branch) };
        },
        keys: () => keyDefinitions(db, file.libraryId, file.branch),
      });
      return previews.dita(input, (q) => (isGrammarQuestion(q) ? answerGrammar(grammar, q) : branch(q)));
    },
  };
}
