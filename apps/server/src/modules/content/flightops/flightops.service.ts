import type { EffectiveDu, EffectiveQuery, EffectiveResult, FleetResult, FreezeBody, FreezeResult, FrozenList } from '@ccms/contracts/content/flightops';
import { effectiveFor, effectivityText, flightopsFiles, parseSolutionsFact } from '@ccms/flightops';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest } from '../../../platform/http/errors';
import type { CatalogRuntime } from '../catalog/catalog.service';
import { changeStatus, findMeta } from '../catalog/catalog-meta';
import { FROZEN_BRANCH_PREFIX, type LibraryGit } from '../library/library-git';
import { branchDocuments, duTopics, frozenDocuments } from './flightops.queries';
import { aircraftAt, fleetAt } from './flightops-set';
import { freezeTagOf, pushFreeze, remoteTagCommit } from './freeze-tag';

const FROZEN_PREFIX = FROZEN_BRANCH_PREFIX;

/**
 * A flight-operations library's own screens: the fleet and the effectivity filter (the DUs with a
 * solution effective for an aircraft), and the freeze of a working copy for validation: a tag
 * freeze/<name> with branch frozen/<name> at its commit (freeze-tag.ts; no commit lands on that
 * branch), whose PSLs and DUs go under review; a PSL of it is dispatched (published) once a reviewer
 * approved it (checkFlightopsPublication) and while the branch is at its tag (checkFrozenDispatch).
 */
export function flightopsService(db: Db, git: LibraryGit, { catalog, review }: CatalogRuntime) {
  async function statusOf(libraryId: number, branch: string, path: string) {
    return (await findMeta(db, libraryId, branch, path))?.status ?? 'draft';
  }

  return {
    async fleet(auth: AuthContext, q: { libraryId: number; branch?: string }): Promise<FleetResult> {
      const { row, index } = await catalog.open(auth, q.libraryId, q.branch);
      const { repo } = await git.ready(row);
      return { aircraft: (await fleetAt(repo, index.commit)) ?? [] };
    },

    async effective(auth: AuthContext, q: EffectiveQuery): Promise<EffectiveResult> {
      const { row, index, branch } = await catalog.open(auth, q.libraryId, q.branch);
      const { repo } = await git.ready(row);
      const aircraft = await aircraftAt(repo, index.commit, q.aircraft, 'aircraft');
      const effective: EffectiveDu[] = [];
      const notEffective: EffectiveDu[] = [];
      for (const t of await duTopics(db, row.libraryId, branch)) {
        const solutions = parseSolutionsFact(t.facts.solutions ?? '').map((s) => ({
          id: s.id,
          effectivity: effectivityText(s.effectivity),
          effective: effectiveFor(s.effectivity, aircraft),
        }));
        const du = { topicId: t.topicId, path: t.path, id: t.no, title: t.title, type: t.facts.type ?? '', manual: t.facts.manual ?? '', solutions };
        (solutions.some((s) => s.effective) ? effective : notEffective).push(du);
      }
      return { aircraft, commit: index.commit, effective, notEffective };
    },

    async freeze(auth: AuthContext, body: FreezeBody): Promise<FreezeResult> {
      const { row } = await catalog.access(auth, body.libraryId, 'write');
      const { repo } = await git.readyBranch(row, body.branch);
      const head = await repo.resolve(body.branch);
      if (!head) throw badRequest('flightops.branchMissing', { field: 'branch', branch: body.branch });
      const frozenBranch = `${FROZEN_PREFIX}${body.name}`;
      const tag = freezeTagOf(frozenBranch);
      if (await repo.resolve(frozenBranch)) throw badRequest('flightops.frozenExists', { field: 'name', branch: frozenBranch });
      if (!(await repo.filePaths(head)).some((p) => flightopsFiles.roleOf(p) === 'document'))
        throw badRequest('flightops.nothingToFreeze', { branch: body.branch });
      if (await remoteTagCommit(repo, git.authOf(row), tag, body.branch)) throw badRequest('flightops.tagExists', { field: 'name', tag });
      await pushFreeze(git, row, { from: body.branch, frozenBranch, tag, commit: head, tagger: await git.identityOf(auth) });
      // The clone learns the new branch (its fetches skip tags; the tag stays in the clone as made).
      await git.readyBranch(row, frozenBranch);
      const { index } = await catalog.openStored(auth, row.libraryId, frozenBranch, 'write');
      const documents = await branchDocuments(db, row.libraryId, frozenBranch);
      for (const d of documents)
        await changeStatus(db, 'document', { id: d.documentId, libraryId: row.libraryId, branch: frozenBranch, path: d.path }, 'underReview', auth, review);
      const dus = await duTopics(db, row.libraryId, frozenBranch);
      for (const t of dus)
        await changeStatus(db, 'topic', { id: t.topicId, libraryId: row.libraryId, branch: frozenBranch, path: t.path }, 'underReview', auth, review);
      return {
        tag,
        frozenBranch,
        commit: index.commit,
        documents: await Promise.all(documents.map(async (d) => ({ ...d, status: await statusOf(row.libraryId, frozenBranch, d.path) }))),
        dus: dus.length,
      };
    },

    async frozen(auth: AuthContext, q: { libraryId: number }): Promise<FrozenList> {
      const { row } = await catalog.access(auth, q.libraryId, 'read');
      const { repo } = await git.ready(row);
      const branches = (await repo.branches()).filter((b) => b.name.startsWith(FROZEN_PREFIX));
      const docs = await frozenDocuments(db, row.libraryId);
      return {
        revisions: await Promise.all(
          branches.map(async (b) => ({
            name: b.name.slice(FROZEN_PREFIX.length),
            tag: freezeTagOf(b.name),
            branch: b.name,
            commit: b.commit,
            documents: await Promise.all(
              docs
                .filter((d) => d.branch === b.name)
                .map(async (d) => ({ documentId: d.documentId, path: d.path, name: d.name, status: await statusOf(row.libraryId, b.name, d.path) })),
            ),
          })),
        ),
      };
    },
  };
}
