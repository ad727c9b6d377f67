import type { EditorDmRefRow } from '@ccms/contracts/content/topic-editor';
import { firstChild, parseXml } from '@ccms/s1000d';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest } from '../../../platform/http/errors';
import type { CatalogRuntime } from '../catalog/catalog.service';
import type { LibraryGit } from '../library/library-git';
import { standardOf } from '../standard/registry';
import { topicsMatching } from './topic-editor.queries';

/** The S1000D pickers: data modules to reference by code or title (dmRef), from the branch's catalogue. */
export function s1000dPickers(db: Db, { git, catalog }: CatalogRuntime & { git: LibraryGit }) {
  return {
    async dmRefs(auth: AuthContext, q: { libraryId: number; branch?: string | undefined; q: string; limit: number }): Promise<EditorDmRefRow[]> {
      const { row, index } = await catalog.open(auth, q.libraryId, q.branch);
      if (standardOf(row.libraryType).id !== 's1000d') throw badRequest('editor.notS1000dLibrary', { field: 'libraryId' });
      const topics = await topicsMatching(db, index.libraryId, index.branch, q.q, q.limit);
      const { repo } = await git.ready(row);
      const bodies = await repo.readFiles(
        index.commit,
        topics.map((t) => t.path),
      );
      const out: EditorDmRefRow[] = [];
      topics.forEach((t, i) => {
        const body = bodies[i];
        if (!body) return;
        let dmIdent: ReturnType<typeof firstChild>;
        try {
          dmIdent = firstChild(firstChild(firstChild(parseXml(body).root, 'identAndStatusSection'), 'dmAddress'), 'dmIdent');
        } catch {
          return;
        }
        const dmCode = firstChild(dmIdent, 'dmCode');
        if (!dmCode) return;
        const issue = firstChild(dmIdent, 'issueInfo')?.attrs;
        const language = firstChild(dmIdent, 'language')?.attrs;
        out.push({
          path: t.path,
          code: t.topicId,
          title: t.title,
          dmCode: { ...dmCode.attrs },
          issueInfo: issue?.issueNumber ? { issueNumber: issue.issueNumber, inWork: issue.inWork ?? '00' } : null,
          language: language?.languageIsoCode ? { languageIsoCode: language.languageIsoCode, countryIsoCode: language.countryIsoCode ?? '' } : null,
        });
      });
      return out;
    },
  };
}
