import type { Db } from '../../../db/client';
import type { CatalogRuntime } from '../catalog/catalog.service';
import type { S1000dGrammar } from '../grammar/grammar-package';
import type { LibraryGit } from '../library/library-git';
import { s1000dAuthoringScope } from './s1000d-authoring-scope';
import { s1000dIssueCycleService } from './s1000d-issue-cycle.service';
import { s1000dNewObjectService } from './s1000d-new-object.service';

/**
 * S1000D authoring on a library branch: new data modules from the DMC builder and the schema's
 * template, the issue cycle (start the next in-work, issue) as commits that rename the file by its
 * new code (the catalogue keeps the module's identity across the rename), issue tags on the remote,
 * change marks proposed against the latest issue, and two issues side by side.
 */
export function s1000dAuthoringService(db: Db, git: LibraryGit, runtime: CatalogRuntime, grammar: () => Promise<S1000dGrammar>) {
  const kit = s1000dAuthoringScope(db, git, runtime, grammar);
  return { ...s1000dNewObjectService(git, runtime, kit), ...s1000dIssueCycleService(db, git, runtime, kit) };
}
