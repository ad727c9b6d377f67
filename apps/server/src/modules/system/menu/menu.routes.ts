import { MenuApi } from '@ccms/contracts/system/menu';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { menuService } from './menu.service';

const log = (businessType: BusinessType) => ({ log: { title: 'menu', businessType } });

/** Menu administration (RuoYi's SysMenuController). */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const menus = menuService(app.db, app.sessions);

  app.route({ ...routeOf(MenuApi.list), handler: async (req) => ok(await menus.list(caller(req), req.query)) });
  app.route({ ...routeOf(MenuApi.tree), handler: async (req) => ok(await menus.treeselect(caller(req), req.lang)) });
  app.route({
    ...routeOf(MenuApi.roleMenuTree),
    handler: async (req) => ({ code: 200, msg: 'ok', ...(await menus.roleMenuTreeselect(caller(req), req.params.roleId, req.lang)) }),
  });
  app.route({ ...routeOf(MenuApi.get), handler: async (req) => ok(await menus.get(req.params.menuId)) });
  app.route({
    ...routeOf(MenuApi.add, log(BusinessType.INSERT)),
    handler: async (req) => {
      await menus.create(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(MenuApi.sort, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await menus.sort(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(MenuApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await menus.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(MenuApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await menus.remove(req.params.menuId);
      return done();
    },
  });
};
