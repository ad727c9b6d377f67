import type { EditorCirRow, EditorDmRefRow } from '@ccms/contracts/content/topic-editor-pickers';
import { CIR_REFS, firstChild, parseXml } from '@ccms/s1000d';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest } from '../../../platform/http/errors';
import type { CatalogRuntime } from '../catalog/catalog.service';
import type { LibraryGit } from '../library/library-git';
import { standardOf } from '../standard/registry';
import { topicsMatching } from './topic-editor.queries';

/** A CIR key (`partRef:KZ101/B001`) as the reference's attributes; the first of two keys is a code without "/" (manufacturer), else the last (supply number type). */
function cirAttrs(ref: string, value: string): Record<string, string> | undefined {
  const keys = CIR_REFS[ref]?.keys;
  if (!keys) return undefined;
  if (keys.length === 1 && keys[0]) return { [keys[0]]: value };
  const at = ref === 'supplyRef' ? value.lastIndexOf('/') : value.indexOf('/');
  if (at < 0 || !keys[0] || !keys[1]) return undefined;
  return { [keys[0]]: value.slice(0, at), [keys[1]]: value.slice(at + 1) };
}

/** The S1000D pickers: data modules to reference by code or title (dmRef), from the branch's catalogue; CIR items from its repositories. */
export function s1000dPickers(db: Db, { git, catalog, indexer }: CatalogRuntime & { git: LibraryGit }) {
  return {
    /** Items of the branch's common information repositories (at the indexed commit) whose key holds `q`. */
    async cirItems(auth: AuthContext, q: { libraryId: number; branch?: string | undefined; q: string; limit: number }): Promise<EditorCirRow[]> {
      const { row, index } = await catalog.open(auth, q.libraryId, q.branch);
      if (standardOf(row.libraryType).id !== 's1000d') throw badRequest('editor.notS1000dLibrary', { field: 'libraryId' });
      const { csdb } = await indexer.s1000dSet({
        libraryId: index.libraryId,
        libraryType: row.libraryType,
        branch: index.branch,
        repo: git.repoOf(index.libraryId),
        commit: index.commit,
      });
      const text = q.q.toLowerCase();
      const out: EditorCirRow[] = [];
      for (const o of csdb.objects) {
        for (const item of o.cirItems ?? []) {
          if (out.length >= q.limit) return out;
          const colon = item.indexOf(':');
          const ref = item.slice(0, colon);
          const attrs = cirAttrs(ref, item.slice(colon + 1));
          if (attrs && (!text || item.toLowerCase().includes(text))) out.push({ ref, attrs, source: o.code });
        }
      }
      return out;
    },

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
