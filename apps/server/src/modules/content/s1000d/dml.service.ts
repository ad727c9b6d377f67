import type { DmlCoverage, DmlCoverageQuery } from '@ccms/contracts/content/s1000d-dml';
import { dmlCoverage, dmlTypeOf, issueString } from '@ccms/s1000d';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogTopic } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest } from '../../../platform/http/errors';
import { type CatalogRuntime, indexedAt } from '../catalog/catalog.service';
import type { LibraryGit } from '../library/library-git';
import { s1000dSetOf } from './s1000d-set';

/**
 * Data module lists (DML) of an S1000D library: for each entry, whether the module it asks for
 * exists, is in work or is issued at the branch's indexed commit, so a team sees what is left to write.
 */
export function dmlService(db: Db, git: LibraryGit, { catalog, indexer }: CatalogRuntime) {
  return {
    async coverage(auth: AuthContext, q: DmlCoverageQuery): Promise<DmlCoverage> {
      const scope = await catalog.open(auth, q.libraryId, q.branch);
      const csdb = await s1000dSetOf(indexer, git, scope);
      const lists = csdb.objects.filter((o) => o.kind === 'dml' && !o.refused).sort((a, b) => a.code.localeCompare(b.code) || a.file.localeCompare(b.file));
      const chosen = q.path === undefined ? lists[0] : lists.find((o) => o.file === q.path);
      if (q.path !== undefined && chosen === undefined) throw badRequest('s1000d.notDml', { field: 'path', path: q.path });
      const refs = lists.map((o) => ({
        path: o.file,
        code: o.code,
        dmlType: dmlTypeOf(o.code),
        revision: issueString(o.issue) ?? '',
        entries: o.entries?.length ?? 0,
      }));
      if (chosen === undefined) return { ...indexedAt(scope.index), lists: refs, coverage: null };
      const c = dmlCoverage(csdb, chosen);
      const paths = c.rows.flatMap((r) => (r.file ? [r.file] : []));
      const ids = new Map<string, number>();
      if (paths.length > 0) {
        const rows = await db
          .select({ path: ccmsCatalogTopic.path, topicId: ccmsCatalogTopic.topicId })
          .from(ccmsCatalogTopic)
          .where(
            and(eq(ccmsCatalogTopic.libraryId, scope.index.libraryId), eq(ccmsCatalogTopic.branch, scope.index.branch), inArray(ccmsCatalogTopic.path, paths)),
          );
        for (const r of rows) ids.set(r.path, r.topicId);
      }
      return {
        ...indexedAt(scope.index),
        lists: refs,
        coverage: {
          path: chosen.file,
          code: c.code,
          dmlType: c.dmlType,
          counts: c.counts,
          rows: c.rows.map((r) => ({
            line: r.line,
            kind: r.kind,
            code: r.code,
            requestedIssue: r.requestedIssue ?? null,
            entryIssueType: r.entryIssueType ?? null,
            state: r.state,
            path: r.file ?? null,
            topicId: r.file ? (ids.get(r.file) ?? null) : null,
            title: r.title ?? null,
            revision: r.revision ?? null,
            issueType: r.issueType ?? null,
            issueMatch: r.issueMatch ?? null,
          })),
        },
      };
    },
  };
}
