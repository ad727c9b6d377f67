import type { GenFile } from '@ccms/contracts/tool/gen';
import { commentText as cm } from '../gen.literal';
import type { TemplateContext } from './context';

/** The service: list, read, create, update, delete (the detail rows in one transaction with their master). */
export function serviceFile(ctx: TemplateContext): GenFile {
  const { e, E, k, area, tableVar, pk, tree, sub, hasAudit, fnEn } = ctx;
  const authArg = hasAudit ? 'auth' : '_auth';
  const createBy = hasAudit ? ', createBy: auth.userName' : '';
  const updateBy = hasAudit ? ', updateBy: auth.userName, updateTime: new Date()' : '';
  let serviceText: string;
  if (sub) {
    serviceText = `import type { ${E}Body, ${E}Detail, ${E}Query, ${E}Update } from '@ccms/contracts/${area}/${k}';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ${tableVar}, ${sub.tableVar} } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { notFound } from '../../../platform/http/errors';
import { delete${E}s, delete${sub.S}sOf, find${E}, list${E}s, list${sub.S}sOf } from './${k}.queries';

/** ${cm(fnEn)} with its detail rows (${cm(sub.tableName)}): a save writes both in one transaction. */
export function ${e}Service(db: Db) {
  return {
    list: (q: ${E}Query) => list${E}s(db, q),
    async get(id: number): Promise<${E}Detail> {
      const row = await find${E}(db, id);
      if (!row) throw notFound('${e}.notFound', { id: String(id) });
      return { ...row, ${sub.list}: await list${sub.S}sOf(db, id) };
    },
    async create(${authArg}: AuthContext, body: ${E}Body) {
      const { ${sub.list}, ...fields } = body;
      await db.transaction(async (tx) => {
        const [row] = await tx.insert(${tableVar}).values({ ...fields${createBy} }).returning({ id: ${tableVar}.${pk.propName} });
        if (row && ${sub.list}.length > 0) await tx.insert(${sub.tableVar}).values(${sub.list}.map((d) => ({ ...d, ${sub.fk.propName}: row.id })));
      });
    },
    async update(${authArg}: AuthContext, body: ${E}Update) {
      if (!(await find${E}(db, body.${pk.propName}))) throw notFound('${e}.notFound', { id: String(body.${pk.propName}) });
      const { ${pk.propName}, ${sub.list}, ...fields } = body;
      await db.transaction(async (tx) => {
        await tx
          .update(${tableVar})
          .set({ ...fields${updateBy} })
          .where(eq(${tableVar}.${pk.propName}, ${pk.propName}));
        // The form sends every detail row: the saved ones are replaced.
        await delete${sub.S}sOf(tx, [${pk.propName}]);
        if (${sub.list}.length > 0) await tx.insert(${sub.tableVar}).values(${sub.list}.map((d) => ({ ...d, ${sub.fk.propName}: ${pk.propName} })));
      });
    },
    remove: (ids: number[]) =>
      db.transaction(async (tx) => {
        await delete${sub.S}sOf(tx, ids);
        await delete${E}s(tx, ids);
      }),
  };
}
`;
  } else {
    serviceText = `import type { ${E}Body, ${E}Query, ${E}Update } from '@ccms/contracts/${area}/${k}';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ${tableVar} } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { ${tree ? 'badRequest, conflict, notFound' : 'notFound'} } from '../../../platform/http/errors';
import { delete${E}s, find${E}, list${E}s${tree ? ', withChildrenLeft' : ''} } from './${k}.queries';

/** ${cm(fnEn)}${tree ? ' (a tree by its parent id)' : ''}: list, read, create, update, delete. */
export function ${e}Service(db: Db) {
  return {
    list: (q: ${E}Query) => list${E}s(db, q),
    async get(id: number) {
      const row = await find${E}(db, id);
      if (!row) throw notFound('${e}.notFound', { id: String(id) });
      return row;
    },
    async create(${authArg}: AuthContext, body: ${E}Body) {
      await db.insert(${tableVar}).values({ ...body${createBy} });
    },
    async update(${authArg}: AuthContext, body: ${E}Update) {
      if (!(await find${E}(db, body.${pk.propName}))) throw notFound('${e}.notFound', { id: String(body.${pk.propName}) });${
        tree
          ? `
      if (body.${tree.parent.propName} === body.${pk.propName}) throw badRequest('${e}.parentSelf');`
          : ''
      }
      const { ${pk.propName}, ...fields } = body;
      await db
        .update(${tableVar})
        .set({ ...fields${updateBy} })
        .where(eq(${tableVar}.${pk.propName}, ${pk.propName}));
    },
    async remove(ids: number[]) {${
      tree
        ? `
      const parents = await withChildrenLeft(db, ids);
      if (parents.length > 0) throw conflict('${e}.hasChildren', { ids: parents.join(', ') });`
        : ''
    }
      await delete${E}s(db, ids);
    },
  };
}
`;
  }
  return { path: `apps/server/src/modules/${area}/${k}/${k}.service.ts`, language: 'ts', content: serviceText };
}

/** The routes, thin over the service: each takes its URL, permission and schemas from the contract's descriptor. */
export function routesFile(ctx: TemplateContext): GenFile {
  const { e, E, k, area, tree, fnEn } = ctx;
  return {
    path: `apps/server/src/modules/${area}/${k}/${k}.routes.ts`,
    language: 'ts',
    content: `import { ${E}Api } from '@ccms/contracts/${area}/${k}';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok${tree ? '' : ', rows'} } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { ${e}Service } from './${k}.service';

const log = (businessType: BusinessType) => ({ log: { title: '${e}', businessType } });

/** ${cm(fnEn)}: thin routes over ${e}Service, at the URLs of ${E}Api. */
export const ${e}Routes: FastifyPluginAsyncZod = async (app) => {
  const service = ${e}Service(app.db);

  app.route({ ...routeOf(${E}Api.list), handler: async (req) => ${tree ? 'ok(await service.list(req.query))' : 'rows(await service.list(req.query))'} });
  app.route({ ...routeOf(${E}Api.get), handler: async (req) => ok(await service.get(req.params.id)) });
  app.route({
    ...routeOf(${E}Api.add, log(BusinessType.INSERT)),
    handler: async (req) => {
      await service.create(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(${E}Api.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await service.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(${E}Api.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await service.remove(req.params.ids);
      return done();
    },
  });
};
`,
  };
}
