import { OkEmpty, okOf } from '@ccms/contracts/http';
import { Menu, MenuBody, MenuQuery, MenuSort, MenuUpdate, RoleMenuTreeResult, TreeOptionSchema } from '@ccms/contracts/system/menu';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { menuService } from './menu.service';

const log = (businessType: BusinessType) => ({ title: 'menu', businessType });
const MenuIdParam = z.object({ menuId: z.coerce.number().int().positive() });
const RoleIdParam = z.object({ roleId: z.coerce.number().int().positive() });

/** Menu administration (RuoYi's SysMenuController). */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const menus = menuService(app.db, app.sessions);

  app.get(
    '/system/menu/list',
    {
      config: { permission: 'system:menu:list' },
      schema: { summary: 'List menus', tags: ['system/menu'], querystring: MenuQuery, response: { 200: okOf(z.array(Menu)) } },
    },
    async (req) => ok(await menus.list(caller(req), req.query)),
  );
  // The menu form's parent picker and the role dialogs use the tree: any of their permissions will do.
  app.get(
    '/system/menu/treeselect',
    {
      config: { permission: ['system:menu:list', 'system:menu:query', 'system:role:query', 'system:role:add', 'system:role:edit'] },
      schema: { summary: 'Get the menu tree, for pickers', tags: ['system/menu'], response: { 200: okOf(z.array(TreeOptionSchema)) } },
    },
    async (req) => ok(await menus.treeselect(caller(req), req.lang)),
  );
  app.get(
    '/system/menu/roleMenuTreeselect/:roleId',
    {
      config: { permission: ['system:role:query', 'system:role:edit'] },
      schema: {
        summary: 'Get the menu tree with the menus a role holds checked',
        tags: ['system/menu'],
        params: RoleIdParam,
        response: { 200: RoleMenuTreeResult },
      },
    },
    async (req) => ({ code: 200, msg: 'ok', ...(await menus.roleMenuTreeselect(caller(req), req.params.roleId, req.lang)) }),
  );
  app.get(
    '/system/menu/:menuId',
    {
      config: { permission: 'system:menu:query' },
      schema: { summary: 'Get a menu', tags: ['system/menu'], params: MenuIdParam, response: { 200: okOf(Menu) } },
    },
    async (req) => ok(await menus.get(req.params.menuId)),
  );
  app.post(
    '/system/menu',
    {
      config: { permission: 'system:menu:add', log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a menu', tags: ['system/menu'], body: MenuBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await menus.create(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/system/menu/updateSort',
    {
      config: { permission: 'system:menu:edit', log: log(BusinessType.UPDATE) },
      schema: { summary: 'Save the display order of several menus (RuoYi 3.9)', tags: ['system/menu'], body: MenuSort, response: { 200: OkEmpty } },
    },
    async (req) => {
      await menus.sort(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/system/menu',
    {
      config: { permission: 'system:menu:edit', log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a menu', tags: ['system/menu'], body: MenuUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await menus.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/system/menu/:menuId',
    {
      config: { permission: 'system:menu:remove', log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete a menu', tags: ['system/menu'], params: MenuIdParam, response: { 200: OkEmpty } },
    },
    async (req) => {
      await menus.remove(req.params.menuId);
      return done();
    },
  );
};
