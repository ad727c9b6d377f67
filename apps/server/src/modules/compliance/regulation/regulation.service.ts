import type {
  Regulation,
  RegulationBody,
  RegulationGrantBody,
  RegulationQuery,
  RegulationRevisionBody,
  RegulationUpdate,
} from '@ccms/contracts/compliance/regulation';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsRegulation, ccmsRegulationClause, ccmsRegulationGrant, ccmsRegulationLink } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { isUniqueViolation } from '../../../platform/db/errors';
import { badRequest, notFound } from '../../../platform/http/errors';
import { granteeRoles, granteeUsers } from '../../content/library-permission/library-permission.queries';
import {
  findRegulation,
  listRegulations,
  type RegulationRow,
  regulationClash,
  regulationsByIds,
  softDeleteRegulations,
  userNameExists,
} from './regulation.queries';
import { assertRegulationAccess, readableRegulations, regulationAbilities, regulationGrants, regulationLevels } from './regulation-access';

const KEEP_AN_OWNER = { keepAnOwner: true };

type Listed = RegulationRow & { latest: boolean; clauseCount: number };

/** Regulations: grants decide who reads (read), edits clauses and links (write) and configures (admin, owner). */
export function regulationService(db: Db) {
  const present = (row: Listed, level: Regulation['level'], auth: AuthContext): Regulation => ({
    regulationId: row.regulationId,
    name: row.name,
    title: row.title,
    organization: row.organization,
    revision: row.revision,
    issueDate: row.issueDate,
    description: row.description,
    owner: row.owner,
    previousId: row.previousId,
    latest: row.latest,
    clauseCount: row.clauseCount,
    level,
    abilities: regulationAbilities(level, auth),
    createBy: row.createBy,
    createTime: row.createTime,
    updateBy: row.updateBy,
    updateTime: row.updateTime,
  });

  async function checkOwner(owner: string) {
    if (owner && !(await userNameExists(db, owner))) throw badRequest('regulation.ownerMissing', { name: owner });
  }

  /** The regulation, after checking the caller's level on it (404 when it does not exist). */
  async function forCall(auth: AuthContext, regulationId: number, need: 'read' | 'write' | 'configure') {
    const row = await findRegulation(db, regulationId);
    if (!row) throw notFound('regulation.notFound', { id: regulationId });
    const level = await assertRegulationAccess(db, auth, regulationId, need);
    return { row, level };
  }

  return {
    forCall,

    async list(auth: AuthContext, q: RegulationQuery) {
      const { rows, total } = await listRegulations(db, readableRegulations(auth, ccmsRegulation.regulationId), q);
      const levels = await regulationLevels(
        db,
        auth,
        rows.map((r) => r.regulationId),
      );
      return { rows: rows.map((r) => present(r, levels.get(r.regulationId) ?? null, auth)), total };
    },

    async get(auth: AuthContext, regulationId: number) {
      const { row, level } = await forCall(auth, regulationId, 'read');
      return present(row, level, auth);
    },

    async create(auth: AuthContext, body: RegulationBody) {
      if (await regulationClash(db, body.name, body.revision)) throw badRequest('regulation.exists', { name: body.name, revision: body.revision });
      await checkOwner(body.owner);
      try {
        return await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(ccmsRegulation)
            .values({ ...body, owner: body.owner || auth.userName, createBy: auth.userName })
            .returning({ regulationId: ccmsRegulation.regulationId });
          if (!created) throw new Error('regulation not created');
          await regulationGrants.grantCreator(tx, created.regulationId, auth);
          return created;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest('regulation.exists', { name: body.name, revision: body.revision });
        throw err;
      }
    },

    async update(auth: AuthContext, body: RegulationUpdate) {
      const { row } = await forCall(auth, body.regulationId, 'configure');
      if (body.name !== row.name && (await regulationClash(db, body.name, row.revision)))
        throw badRequest('regulation.exists', { name: body.name, revision: row.revision });
      await checkOwner(body.owner);
      const { regulationId, ...fields } = body;
      await db
        .update(ccmsRegulation)
        .set({ ...fields, owner: fields.owner || row.owner, updateBy: auth.userName, updateTime: new Date() })
        .where(eq(ccmsRegulation.regulationId, regulationId));
    },

    /**
     * A new revision: a new row after the given (latest) one, with its grants, clauses and links
     * copied; changing a clause's text afterwards flags that clause's links.
     */
    async revise(auth: AuthContext, body: RegulationRevisionBody) {
      const { row } = await forCall(auth, body.regulationId, 'write');
      if (!row.latest) throw badRequest('regulation.notLatest', { name: row.name, revision: row.revision });
      if (await regulationClash(db, row.name, body.revision)) throw badRequest('regulation.exists', { name: row.name, revision: body.revision });
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(ccmsRegulation)
          .values({
            name: row.name,
            title: row.title,
            organization: row.organization,
            revision: body.revision,
            issueDate: body.issueDate,
            description: row.description,
            owner: row.owner,
            previousId: row.regulationId,
            createBy: auth.userName,
          })
          .returning({ regulationId: ccmsRegulation.regulationId });
        if (!created) throw new Error('revision not created');
        const to = created.regulationId;
        const grants = await tx.select().from(ccmsRegulationGrant).where(eq(ccmsRegulationGrant.regulationId, row.regulationId));
        if (grants.length > 0)
          await tx.insert(ccmsRegulationGrant).values(grants.map(({ grantId: _, regulationId: __, ...g }) => ({ ...g, regulationId: to })));
        const clauses = await tx.select().from(ccmsRegulationClause).where(eq(ccmsRegulationClause.regulationId, row.regulationId));
        const idMap = new Map<number, number>();
        // Parents first: a clause's level is its depth, so copying by level keeps parent ids resolvable.
        for (const c of [...clauses].sort((a, b) => a.level - b.level || a.orderNum - b.orderNum)) {
          const { clauseId, regulationId: _, parentId, createTime: __, ...rest } = c;
          const [copy] = await tx
            .insert(ccmsRegulationClause)
            .values({ ...rest, regulationId: to, parentId: parentId ? (idMap.get(parentId) ?? null) : null, createBy: auth.userName })
            .returning({ clauseId: ccmsRegulationClause.clauseId });
          if (copy) idMap.set(clauseId, copy.clauseId);
        }
        const links = clauses.length
          ? await tx
              .select()
              .from(ccmsRegulationLink)
              .where(
                inArray(
                  ccmsRegulationLink.clauseId,
                  clauses.map((c) => c.clauseId),
                ),
              )
          : [];
        for (let i = 0; i < links.length; i += 500) {
          const chunk = links
            .slice(i, i + 500)
            .map(({ linkId: _, regulationId: __, clauseId, ...l }) => ({ ...l, regulationId: to, clauseId: idMap.get(clauseId) ?? 0 }));
          await tx.insert(ccmsRegulationLink).values(chunk);
        }
        return created;
      });
    },

    async remove(auth: AuthContext, ids: number[]) {
      const rows = await regulationsByIds(db, ids);
      if (rows.length !== ids.length) throw notFound('regulation.notFound', { id: ids.find((id) => !rows.some((r) => r.regulationId === id)) ?? 0 });
      for (const id of ids) await assertRegulationAccess(db, auth, id, 'configure');
      await softDeleteRegulations(db, ids, auth.userName);
    },

    /* grants */
    async grants(auth: AuthContext, regulationId: number) {
      await forCall(auth, regulationId, 'configure');
      return regulationGrants.list(db, regulationId);
    },
    async grant(auth: AuthContext, body: RegulationGrantBody) {
      const { level } = await forCall(auth, body.regulationId, 'configure');
      await regulationGrants.assertGrantee(db, body.granteeType, body.granteeId);
      const { regulationId: objectId, ...grantee } = body;
      await regulationGrants.put(db, { objectId, ...grantee, createBy: auth.userName }, regulationAbilities(level, auth), KEEP_AN_OWNER);
    },
    async granteeUsers(auth: AuthContext, regulationId: number, keyword: string | undefined) {
      await forCall(auth, regulationId, 'configure');
      return granteeUsers(db, { keyword, limit: 50 });
    },
    async granteeRoles(auth: AuthContext, regulationId: number) {
      await forCall(auth, regulationId, 'configure');
      return granteeRoles(db);
    },
    async revoke(auth: AuthContext, grantIds: number[]) {
      const rightsOn = async (regulationId: number) => regulationAbilities(await assertRegulationAccess(db, auth, regulationId, 'configure'), auth);
      await regulationGrants.revoke(db, grantIds, rightsOn, KEEP_AN_OWNER);
    },
  };
}

export type RegulationService = ReturnType<typeof regulationService>;
