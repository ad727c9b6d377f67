import { type Aircraft, aircraftOf, describeFlightops, flightopsFiles } from '@ccms/flightops';
import type { Db } from '../../../db/client';
import type { GitRepo } from '../../../platform/git/git-repo';
import { badRequest } from '../../../platform/http/errors';
import { findMeta } from '../catalog/catalog-meta';
import { isFrozenBranch } from '../library/library-git';
import { repoPath } from '../shared/repo-path';

/** A frozen revision's branch (frozen/<name>, at its tag freeze/<name>): no commit lands on it; a PSL of it is dispatched once approved. */
export { isFrozenBranch } from '../library/library-git';

const VALIDATED = ['approved', 'published', 'distributed'];

/** The fleet of a flight-operations branch at a commit: the first fleet.xml by path (undefined when there is none). */
export async function fleetAt(repo: GitRepo, commit: string): Promise<Aircraft[] | undefined> {
  const path = (await repo.filePaths(commit)).filter((p) => flightopsFiles.roleOf(p) === 'rules').sort()[0];
  if (!path) return undefined;
  const described = describeFlightops(path, (await repo.readFile(commit, path)) ?? '');
  return described.kind === 'fleet' ? described.fleet : undefined;
}

/** An aircraft of the branch's fleet by MSN or registration; refuses, naming the field, one the fleet does not list. */
export async function aircraftAt(repo: GitRepo, commit: string, value: string, field: string): Promise<Aircraft> {
  const fleet = await fleetAt(repo, commit);
  if (!fleet) throw badRequest('flightops.noFleet', { field, value });
  const aircraft = aircraftOf(fleet, value);
  if (!aircraft) throw badRequest('flightops.aircraftUnknown', { field, value });
  return aircraft;
}

/**
 * A flight-operations publication: its document a PSL of the branch (root psl), its filter an
 * aircraft of the branch's fleet (MSN or registration), or empty for every solution. On a frozen
 * revision's branch it is the dispatch: the PSL must have passed its review (approved).
 */
export async function checkFlightopsPublication(
  db: Db,
  repo: GitRepo,
  head: string,
  body: { libraryId: number; branch: string; ditaMap: string; ditaVal: string },
) {
  const pslPath = repoPath(body.ditaMap, 'ditaMap');
  const text = await repo.readFile(head, pslPath);
  if (!text || describeFlightops(pslPath, text).kind !== 'psl') throw badRequest('flightops.notPsl', { path: pslPath });
  const ditaVal = body.ditaVal.trim();
  if (ditaVal) await aircraftAt(repo, head, ditaVal, 'ditaVal');
  if (isFrozenBranch(body.branch)) {
    const status = (await findMeta(db, body.libraryId, body.branch, pslPath))?.status ?? 'draft';
    if (!VALIDATED.includes(status)) throw badRequest('flightops.notValidated', { path: pslPath, status });
  }
  return { ditaMap: pslPath, ditaVal };
}
