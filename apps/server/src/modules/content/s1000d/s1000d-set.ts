import type { Csdb } from '@ccms/s1000d';
import { badRequest } from '../../../platform/http/errors';
import type { CatalogRuntime, CatalogScopeOpen } from '../catalog/catalog.service';
import type { LibraryGit } from '../library/library-git';
import { standardOf } from '../standard/registry';

/** The described set of an S1000D library branch at its indexed commit (refused for other libraries). */
export async function s1000dSetOf(indexer: CatalogRuntime['indexer'], git: LibraryGit, scope: CatalogScopeOpen): Promise<Csdb> {
  if (standardOf(scope.row.libraryType).id !== 's1000d') throw badRequest('s1000d.notS1000d', { name: scope.row.name });
  const { csdb } = await indexer.s1000dSet({
    libraryId: scope.row.libraryId,
    libraryType: scope.row.libraryType,
    branch: scope.branch,
    repo: git.repoOf(scope.row.libraryId),
    commit: scope.index.commit,
  });
  return csdb;
}
