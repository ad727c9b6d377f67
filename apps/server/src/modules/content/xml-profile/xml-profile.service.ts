import type { XmlProfileBody, XmlProfileUpdate } from '@ccms/contracts/content/xml-profile';
import { grammarError, patternRegExp } from '@ccms/xmlprofile';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import type { JobRunner } from '../../../platform/jobs/runner';
import { allIndexes } from '../catalog/catalog.queries';
import type { CatalogService } from '../catalog/catalog.service';
import {
  deleteProfile,
  findProfile,
  insertProfile,
  librariesOfType,
  libraryCounts,
  listProfiles,
  profileTypeClash,
  updateProfile,
} from './xml-profile.queries';

/** The queue that re-indexes every library of a type after its profile changed. */
export const XML_PROFILE_REINDEX_QUEUE = 'xmlProfile.reindex';

/**
 * XML profiles: CRUD with the checks that keep a profile usable by the engine (its pattern, its
 * grammar), and a full re-index of the type's libraries queued on every save.
 */
export function xmlProfileService(db: Db, jobs: Pick<JobRunner, 'enqueue'>) {
  async function rowOf(profileId: number) {
    const row = await findProfile(db, profileId);
    if (!row) throw notFound('xmlProfile.notFound', { id: profileId });
    return row;
  }

  /** What the schema cannot say: the type is free, the pattern compiles, the grammar is there and compiles. */
  async function check(body: XmlProfileBody, profileId?: number) {
    if (await profileTypeClash(db, body.libraryType, profileId)) throw badRequest('xmlProfile.typeExists', { field: 'libraryType', type: body.libraryType });
    try {
      patternRegExp(body.filePattern);
    } catch {
      throw badRequest('xmlProfile.badPattern', { field: 'filePattern' });
    }
    if (body.grammarKind === 'none') return;
    if (body.grammar.trim() === '') throw badRequest('xmlProfile.grammarMissing', { field: 'grammar' });
    const error = grammarError({ kind: body.grammarKind, name: body.grammarName, text: body.grammar });
    if (error) throw badRequest('xmlProfile.grammarInvalid', { field: 'grammar', reason: error });
  }

  /** Queues the full re-index of the type's libraries; answers how many. */
  async function reindexType(libraryType: string): Promise<number> {
    const libraries = await librariesOfType(db, libraryType);
    if (libraries.length > 0) await jobs.enqueue(XML_PROFILE_REINDEX_QUEUE, { libraryType });
    return libraries.length;
  }

  return {
    async list() {
      const [rows, counts] = await Promise.all([listProfiles(db), libraryCounts(db)]);
      return rows.map(({ grammar: _g, css: _c, ...r }) => ({
        ...r,
        grammarKind: r.grammarKind as XmlProfileBody['grammarKind'],
        libraryCount: counts.get(r.libraryType) ?? 0,
      }));
    },
    types: async () => (await listProfiles(db)).map((r) => r.libraryType),
    async get(profileId: number) {
      const row = await rowOf(profileId);
      return { ...row, grammarKind: row.grammarKind as XmlProfileBody['grammarKind'] };
    },
    async create(auth: AuthContext, body: XmlProfileBody) {
      await check(body);
      const profileId = await insertProfile(db, body, auth.userName);
      return { profileId, reindexed: await reindexType(body.libraryType) };
    },
    async update(auth: AuthContext, body: XmlProfileUpdate) {
      const { profileId, ...rest } = body;
      const row = await rowOf(profileId);
      await check(rest, profileId);
      // Libraries of the old type would lose their reading.
      if (row.libraryType !== rest.libraryType && (await librariesOfType(db, row.libraryType)).length > 0)
        throw badRequest('xmlProfile.typeInUse', { field: 'libraryType', type: row.libraryType });
      await updateProfile(db, profileId, rest, auth.userName);
      return { profileId, reindexed: await reindexType(rest.libraryType) };
    },
    async remove(profileIds: number[]) {
      for (const id of profileIds) {
        const row = await rowOf(id);
        if ((await librariesOfType(db, row.libraryType)).length > 0) throw badRequest('xmlProfile.inUse', { type: row.libraryType });
      }
      for (const id of profileIds) await deleteProfile(db, id);
    },
  };
}

/** The queue's work: every indexed branch (and the default branch) of each library of the type, indexed in full. */
export function xmlProfileReindexWork(db: Db, catalog: Pick<CatalogService, 'refresh'>) {
  return async (data: { libraryType?: unknown }) => {
    const libraryType = String(data.libraryType ?? '');
    const [libraries, indexes] = await Promise.all([librariesOfType(db, libraryType), allIndexes(db)]);
    for (const row of libraries) {
      const branches = new Set([row.defaultBranch, ...indexes.filter((i) => i.libraryId === row.libraryId).map((i) => i.branch)]);
      for (const branch of branches) await catalog.refresh(row, branch, { full: true });
    }
  };
}
