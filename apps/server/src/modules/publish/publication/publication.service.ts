import { describeAta2300 } from '@ccms/ata2300';
import type { PublicationBody, PublicationChoices, PublicationQuery, PublicationUpdate } from '@ccms/contracts/publish/publication';
import { isAssignText, parseAssign, resolveSelection, selectionOfText } from '@ccms/s1000d';
import { compileProfile, describeProfileFile } from '@ccms/xmlprofile';
import type { Db } from '../../../db/client';
import { ccmsPublication } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import type { CatalogIndexer } from '../../content/catalog/indexer';
import { checkFlightopsPublication } from '../../content/flightops/flightops-set';
import type { LibraryService } from '../../content/library/library.service';
import { readableLibraries } from '../../content/library/library-access';
import type { LibraryGit, LibraryRow } from '../../content/library/library-git';
import { filterGroupExists, filterGroupNames } from '../../content/library-config/library-config.queries';
import { repoPath } from '../../content/shared/repo-path';
import { standardOf } from '../../content/standard/registry';
import { profileSpecOf } from '../../content/xml-profile/xml-profile.queries';
import {
  deletePublications,
  documentTitles,
  findPublication,
  insertPublication,
  listPublications,
  publicationNameClash,
  publicationsByIds,
  updatePublication,
} from './publication.queries';

/** Publications of a library: read level to see, publish level (no content change) to define, change or publish them. */
export function publicationService(db: Db, git: LibraryGit, libraries: LibraryService, indexer: Pick<CatalogIndexer, 's1000dSet'>) {
  /**
   * An S1000D publication: its document a publication module of the branch, its filter an
   * applicability selection: a filter group of the library (property values), a PCT product key, or
   * `ident=value;...` pairs, each checked against the branch's ACT, CCT and PCT.
   */
  async function checkS1000d(library: LibraryRow, body: Omit<PublicationBody, 'libraryId'>) {
    const pmPath = repoPath(body.ditaMap, 'ditaMap');
    if (standardOf(library.libraryType).files.roleOf(pmPath) !== 'document') throw badRequest('publication.notPm', { path: pmPath });
    const { repo } = await git.ready(library);
    const head = await repo.resolve(body.branch);
    if (!head || !(await repo.branches()).some((b) => b.name === body.branch)) throw badRequest('publication.branchMissing', { branch: body.branch });
    if ((await repo.typeOf(head, pmPath)) !== 'blob') throw badRequest('publication.pmMissing', { path: pmPath });
    const { csdb } = await indexer.s1000dSet({ libraryId: library.libraryId, libraryType: library.libraryType, branch: body.branch, repo, commit: head });
    if (csdb.objects.find((o) => o.file === pmPath)?.kind !== 'pm') throw badRequest('publication.notPm', { path: pmPath });
    const ditaVal = body.ditaVal.trim();
    if (await filterGroupExists(db, library.libraryId, ditaVal)) return { ditaMap: pmPath, ditaVal };
    const selected = resolveSelection(csdb, selectionOfText(ditaVal));
    if (!selected.ok) {
      if (selected.reason === 'propertyUnknown') throw badRequest('publication.propertyUnknown', { ident: selected.value });
      if (selected.reason === 'noPct') throw badRequest('publication.noPct', { value: selected.value });
      throw badRequest('publication.applicMissing', { value: selected.value });
    }
    return { ditaMap: pmPath, ditaVal };
  }

  /**
   * An ATA Spec 2300 publication: its document a publication module (root pm) of the branch, its
   * filter a filter group of the library, a PCT product (id or MSN) or `ident=value;...` pairs (a
   * product the PCT does not list fails the publish, naming it).
   */
  async function checkAta2300(library: LibraryRow, body: Omit<PublicationBody, 'libraryId'>) {
    const pmPath = repoPath(body.ditaMap, 'ditaMap');
    const { repo } = await git.ready(library);
    const head = await repo.resolve(body.branch);
    if (!head || !(await repo.branches()).some((b) => b.name === body.branch)) throw badRequest('publication.branchMissing', { branch: body.branch });
    const text = await repo.readFile(head, pmPath);
    if (!text) throw badRequest('publication.pmMissing', { path: pmPath });
    if (describeAta2300(pmPath, text).kind !== 'pm') throw badRequest('publication.notAtaPm', { path: pmPath });
    const ditaVal = body.ditaVal.trim();
    if (ditaVal && !(await filterGroupExists(db, library.libraryId, ditaVal)) && isAssignText(ditaVal) && parseAssign(ditaVal) === undefined)
      throw badRequest('publication.applicMissing', { value: ditaVal });
    return { ditaMap: pmPath, ditaVal };
  }

  /** A publication of a library read by an XML profile: its document a grouping file of the profile; no filter. */
  async function checkXmlProfile(library: LibraryRow, body: Omit<PublicationBody, 'libraryId'>) {
    const docPath = repoPath(body.ditaMap, 'ditaMap');
    const spec = await profileSpecOf(db, library.libraryType);
    const { repo } = await git.ready(library);
    const head = await repo.resolve(body.branch);
    if (!head || !(await repo.branches()).some((b) => b.name === body.branch)) throw badRequest('publication.branchMissing', { branch: body.branch });
    const text = await repo.readFile(head, docPath);
    if (!text) throw badRequest('publication.mapMissing', { path: docPath });
    if (!spec || describeProfileFile(docPath, text, compileProfile(spec)).kind !== 'document')
      throw badRequest('publication.notProfileDocument', { path: docPath, roots: spec?.documentRoots.join(', ') ?? '' });
    return { ditaMap: docPath, ditaVal: body.ditaVal.trim() };
  }

  /** Branch, map and filter must exist in the library: each failure names its field. The library's standard says what a map and a filter file are. */
  async function check(library: LibraryRow, body: Omit<PublicationBody, 'libraryId'>, exceptId?: number) {
    const { id, files } = standardOf(library.libraryType);
    // A standard without a publish engine would reach the DITA engine with a document it cannot read.
    if (await publicationNameClash(db, library.libraryId, body.name, exceptId)) throw badRequest('publication.nameExists', { name: body.name });
    if (id === 's1000d') return checkS1000d(library, body);
    if (id === 'ata2300') return checkAta2300(library, body);
    if (id === 'flightops') {
      const { repo } = await git.ready(library);
      const head = await repo.resolve(body.branch);
      if (!head || !(await repo.branches()).some((b) => b.name === body.branch)) throw badRequest('publication.branchMissing', { branch: body.branch });
      return checkFlightopsPublication(db, repo, head, { ...body, libraryId: library.libraryId });
    }
    if (id === 'xmlprofile') return checkXmlProfile(library, body);
    const ditaMap = repoPath(body.ditaMap, 'ditaMap');
    if (files.roleOf(ditaMap) !== 'document') throw badRequest('publication.notMap', { path: ditaMap });
    const { repo } = await git.ready(library);
    const head = await repo.resolve(body.branch);
    if (!head || !(await repo.branches()).some((b) => b.name === body.branch)) throw badRequest('publication.branchMissing', { branch: body.branch });
    if ((await repo.typeOf(head, ditaMap)) !== 'blob') throw badRequest('publication.mapMissing', { path: ditaMap });
    const ditaVal = body.ditaVal.trim();
    const isFile = files.roleOf(ditaVal) === 'rules';
    const fileOk = isFile && (await repo.typeOf(head, repoPath(ditaVal, 'ditaVal'))) === 'blob';
    if (!fileOk && (isFile || !(await filterGroupExists(db, library.libraryId, ditaVal)))) throw badRequest('publication.ditavalMissing', { value: ditaVal });
    return { ditaMap, ditaVal: isFile ? repoPath(ditaVal, 'ditaVal') : ditaVal };
  }

  async function load(auth: AuthContext, publicationId: number, need: 'read' | 'publish') {
    const row = await findPublication(db, publicationId);
    if (!row) throw notFound('publication.notFound', { id: publicationId });
    await libraries.forCall(auth, row.libraryId, need);
    return row;
  }

  return {
    async list(auth: AuthContext, q: PublicationQuery) {
      if (q.libraryId) await libraries.forCall(auth, q.libraryId, 'read');
      return listPublications(db, readableLibraries(auth, ccmsPublication.libraryId), q);
    },
    get: (auth: AuthContext, publicationId: number) => load(auth, publicationId, 'read'),

    /**
     * What the form offers for a branch: its documents (by the library's standard) with their titles
     * from the catalogue, its filter files and the library's filter groups. A branch the clone lacks
     * is named as the field's error.
     */
    async choices(auth: AuthContext, libraryId: number, branch: string): Promise<PublicationChoices> {
      const library = await libraries.forCall(auth, libraryId, 'read');
      const { files } = standardOf(library.libraryType);
      const { repo } = await git.ready(library);
      const head = await repo.resolve(branch);
      if (!head || !(await repo.branches()).some((b) => b.name === branch)) throw badRequest('publication.branchMissing', { branch });
      const paths = await repo.filePaths(head);
      const titles = await documentTitles(db, libraryId, branch);
      const present = new Set(paths);
      const mapPaths = new Set([...paths.filter((p) => files.roleOf(p) === 'document'), ...[...titles.keys()].filter((p) => present.has(p))]);
      const maps = [...mapPaths].sort().map((path) => ({ path, title: titles.get(path) ?? '' }));
      const filters = [
        ...paths
          .filter((p) => files.roleOf(p) === 'rules')
          .sort()
          .map((value) => ({ value, kind: 'file' as const })),
        ...(await filterGroupNames(db, libraryId)).map((value) => ({ value, kind: 'group' as const })),
      ];
      return { maps, filters };
    },

    async create(auth: AuthContext, body: PublicationBody) {
      const library = await libraries.forCall(auth, body.libraryId, 'publish');
      const checked = await check(library, body);
      const publicationId = await insertPublication(db, { ...body, ...checked, createBy: auth.userName });
      return { publicationId };
    },

    async update(auth: AuthContext, body: PublicationUpdate) {
      const row = await load(auth, body.publicationId, 'publish');
      const library = await libraries.forCall(auth, row.libraryId, 'publish');
      const checked = await check(library, body, body.publicationId);
      await updatePublication(db, body.publicationId, { name: body.name, branch: body.branch, ...checked, updateBy: auth.userName, updateTime: new Date() });
    },

    async remove(auth: AuthContext, ids: number[]) {
      const rows = await publicationsByIds(db, ids);
      if (rows.length !== ids.length) throw notFound('publication.notFound', { id: ids.find((id) => !rows.some((r) => r.publicationId === id)) ?? 0 });
      for (const libraryId of new Set(rows.map((r) => r.libraryId))) await libraries.forCall(auth, libraryId, 'publish');
      await deletePublications(db, ids);
    },
  };
}
