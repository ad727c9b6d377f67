import type { DeptBody, DeptQuery, DeptSort, DeptUpdate } from '@ccms/contracts/system/dept';
import { and, eq, ne, not } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysDept } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { dataScopeCondition } from '../../../platform/auth/data-scope';
import type { SessionCache } from '../../../platform/auth/session-cache';
import { badRequest, forbidden, notFound, warn } from '../../../platform/http/errors';
import { pairOrders } from '../../../platform/http/sort-order';
import {
  below,
  countChildren,
  countEnabledBelow,
  countUsers,
  enableAncestors,
  findDept,
  findNameClash,
  inScope,
  listDepts,
  rewriteAncestorsBelow,
} from './dept.queries';

const scopeOf = (auth: AuthContext) => dataScopeCondition(auth, { deptId: sysDept.deptId });

/** `sessions`: every write that changes what a signed-in user's session holds tells it after its commit. */
export function deptService(db: Db, sessions: SessionCache) {
  /** RuoYi's checkDeptDataScope: a department outside the caller's data scope is refused. */
  async function assertInScope(auth: AuthContext, deptId: number) {
    const scope = scopeOf(auth);
    if (scope && !(await inScope(db, deptId, scope))) throw forbidden('dept.noAccess');
  }

  async function load(deptId: number) {
    const dept = await findDept(db, deptId);
    if (!dept) throw notFound('notFound.row', { what: `dept ${deptId}` });
    return dept;
  }

  /** The parent of a new or moved department: it must exist and be visible to the caller. */
  async function loadParent(auth: AuthContext, parentId: number) {
    const parent = parentId === 0 ? undefined : await findDept(db, parentId);
    if (!parent) throw badRequest('dept.parentMissing');
    await assertInScope(auth, parentId);
    return parent;
  }

  return {
    list: (auth: AuthContext, q: DeptQuery) => listDepts(db, q, scopeOf(auth)),

    /** Departments a department may move under: all but itself and those below it. */
    async listExcluding(auth: AuthContext, deptId: number) {
      await assertInScope(auth, deptId);
      return listDepts(db, {}, scopeOf(auth), and(ne(sysDept.deptId, deptId), not(below(deptId))));
    },

    async get(auth: AuthContext, deptId: number) {
      await assertInScope(auth, deptId);
      return load(deptId);
    },

    async create(auth: AuthContext, body: DeptBody) {
      const parent = await loadParent(auth, body.parentId);
      if (parent.status !== '0') throw badRequest('dept.parentDisabled');
      if (await findNameClash(db, body.parentId, body.deptName)) throw badRequest('dept.nameExists', { name: body.deptName });
      await db.insert(sysDept).values({ ...body, ancestors: `${parent.ancestors},${parent.deptId}`, createBy: auth.userName });
    },

    async update(auth: AuthContext, body: DeptUpdate) {
      const { deptId, ...fields } = body;
      await assertInScope(auth, deptId);
      const current = await load(deptId);
      const name = fields.deptName;
      if (fields.parentId === deptId) throw badRequest('dept.parentSelf', { name });
      if (await findNameClash(db, fields.parentId, name, deptId)) throw badRequest('dept.nameExists', { name });
      if (fields.status === '1' && (await countEnabledBelow(db, deptId)) > 0) throw badRequest('dept.childrenEnabled');
      let ancestors = current.ancestors;
      if (fields.parentId !== current.parentId) {
        // The root (parent 0) stays where it is; any other department moves under a live one.
        const parent = await loadParent(auth, fields.parentId);
        if (parent.ancestors.split(',').map(Number).includes(deptId)) throw badRequest('dept.parentDescendant', { name });
        ancestors = `${parent.ancestors},${parent.deptId}`;
      }
      await db.transaction(async (tx) => {
        await tx
          .update(sysDept)
          .set({ ...fields, ancestors, updateBy: auth.userName, updateTime: new Date() })
          .where(eq(sysDept.deptId, deptId));
        if (ancestors !== current.ancestors) await rewriteAncestorsBelow(tx, deptId, current.ancestors, ancestors);
        if (fields.status === '0') await enableAncestors(tx, ancestors);
      });
      await sessions.changed();
    },

    /** RuoYi 3.9's updateSort: the display order of several departments, each existing and in the caller's data scope. */
    async sort(auth: AuthContext, body: DeptSort) {
      const pairs = pairOrders(body.deptIds, body.orderNums, 'deptIds');
      for (const { id } of pairs) {
        await assertInScope(auth, id);
        await load(id);
      }
      await db.transaction(async (tx) => {
        for (const { id, orderNum } of pairs) {
          await tx.update(sysDept).set({ orderNum, updateBy: auth.userName, updateTime: new Date() }).where(eq(sysDept.deptId, id));
        }
      });
    },

    /** RuoYi answers these refusals as warnings (code 601) and keeps the row, flagged deleted. */
    async remove(auth: AuthContext, deptId: number) {
      await assertInScope(auth, deptId);
      await load(deptId);
      if ((await countChildren(db, deptId)) > 0) throw warn('dept.hasChildren');
      if ((await countUsers(db, deptId)) > 0) throw warn('dept.hasUsers');
      await db.update(sysDept).set({ delFlag: '2', updateBy: auth.userName, updateTime: new Date() }).where(eq(sysDept.deptId, deptId));
    },
  };
}
