import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, OkEmpty, okOf, Status01, sortBodyOf } from '../http';
import { RolePerm } from './role';

/** M directory, C menu (a page), F button (a permission only). */
export const MenuType = z.enum(['M', 'C', 'F'], { error: (issue) => (issue.input === undefined ? 'field.required' : undefined) });
export type MenuType = z.infer<typeof MenuType>;

export const Menu = z.object({
  menuId: z.number(),
  menuName: z.string().describe('Chinese title'),
  menuNameEn: z.string().describe('English title'),
  parentId: z.number(),
  orderNum: z.number(),
  path: z.string(),
  component: z.string().nullable(),
  query: z.string().nullable(),
  routeName: z.string(),
  isFrame: z.string().describe('0 external link, 1 internal'),
  isCache: z.string().describe('0 cached, 1 not cached'),
  menuType: z.string(),
  visible: z.string().describe('0 shown, 1 hidden'),
  status: z.string(),
  perms: z.string().nullable(),
  icon: z.string(),
  affix: z.boolean().describe('pinned in the tab bar (router meta.affix)'),
  activeMenu: z.string().describe('route path highlighted in the sidebar while this page shows (router meta.activeMenu)'),
  remark: z.string(),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
});
export type Menu = z.infer<typeof Menu>;

export const MenuQuery = z.object({
  menuName: z.string().max(100).optional().describe('part of the Chinese or English title'),
  status: Status01.optional(),
});
export type MenuQuery = z.infer<typeof MenuQuery>;

/** Empty strings from forms mean "not set" for the optional text columns. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Concrete permission strings, comma separated: no wildcards (every permission belongs to the administrator role only through the role). */
const Perms = optionalText(100).refine((v) => v === null || /^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+)+(,[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+)+)*$/.test(v), {
  message: 'menu.permsConcrete',
});

export const MenuBody = z.object({
  menuName: z.string().trim().min(1).max(50).describe('Chinese title, unique under the parent'),
  menuNameEn: z.string().trim().max(100).default('').describe('English title, unique under the parent'),
  parentId: z.coerce.number().int().min(0).default(0).describe('id of the parent (0 for the root)'),
  orderNum: z.coerce.number().int().min(0).max(9999).describe('display order, ascending'),
  path: z.string().trim().max(200).default('').describe('route path; an http(s) URL for external links'),
  component: optionalText(255).describe('view path such as system/user/index'),
  query: optionalText(255).describe('route query as JSON text'),
  routeName: z.string().trim().max(50).default('').describe('route name of the page (unique)'),
  isFrame: z.enum(['0', '1']).default('1').describe("'0' opens an external link, '1' a page of the app"),
  isCache: z.enum(['0', '1']).default('0').describe("'0' keep the page alive when switching tabs, '1' do not"),
  menuType: MenuType.describe('M directory, C menu (a page), F button (a permission only)'),
  visible: z.enum(['0', '1']).default('0').describe("'0' shown in the side menu, '1' hidden"),
  status: Status01.default('0'),
  perms: Perms.describe('permission string such as system:user:list; no wildcards'),
  icon: z.string().trim().max(100).default('#').describe('icon name of the menu'),
  affix: z.boolean().default(false).describe('pin the page in the tab bar'),
  activeMenu: z.string().trim().max(200).default('').describe('route path to highlight in the sidebar, e.g. /system/user; empty for the page itself'),
  remark: z.string().max(500).optional(),
});
export type MenuBody = z.infer<typeof MenuBody>;

export const MenuUpdate = MenuBody.extend({ menuId: z.coerce.number().int().positive().describe('id of a menu') });
export type MenuUpdate = z.infer<typeof MenuUpdate>;

/** A node of a tree select (menus, departments): RuoYi's TreeSelect. */
export interface TreeOption {
  id: number;
  label: string;
  disabled?: boolean;
  /** Menu trees only: the menu's permission string (RuoYi's trees have none; an added field). */
  perms?: string;
  children?: TreeOption[];
}

export const TreeOptionSchema: z.ZodType<TreeOption> = z.lazy(() =>
  z.object({
    id: z.number(),
    label: z.string(),
    disabled: z.boolean().optional(),
    perms: z.string().optional().describe("menu trees: the menu's permission string, by which the role editor groups rights by activity"),
    children: z.array(TreeOptionSchema).optional(),
  }),
);

/** The menu tree with the role's menus ticked; RuoYi puts both at the top of the envelope. */
export const RoleMenuTreeResult = z.object({
  code: z.number(),
  msg: z.string(),
  menus: z.array(TreeOptionSchema),
  checkedKeys: z.array(z.number()),
});

/** Menu permission strings: routes declare them, the seeded menus grant them. */
export const MenuPerm = {
  list: 'system:menu:list',
  query: 'system:menu:query',
  add: 'system:menu:add',
  edit: 'system:menu:edit',
  remove: 'system:menu:remove',
} as const;

/** Saves the display order of several menus at once (RuoYi 3.9's updateSort). */
export const MenuSort = sortBodyOf('menuIds');
export type MenuSort = z.infer<typeof MenuSort>;

const MenuIdParam = z.object({ menuId: z.coerce.number().int().positive() });
const RoleIdParam = z.object({ roleId: z.coerce.number().int().positive() });
const tag = 'system/menu';

/** The menus API (RuoYi's SysMenuController): each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const MenuApi = {
  list: endpoint({
    method: 'GET',
    url: '/system/menu/list',
    access: { permission: MenuPerm.list },
    summary: 'List menus',
    tag,
    query: MenuQuery,
    response: okOf(z.array(Menu)),
  }),
  /** The menu form's parent picker and the role dialogs use the tree: any of their permissions will do. */
  tree: endpoint({
    method: 'GET',
    url: '/system/menu/treeselect',
    access: { permission: [MenuPerm.list, MenuPerm.query, RolePerm.query, RolePerm.add, RolePerm.edit] },
    summary: 'Get the menu tree, for pickers',
    tag,
    response: okOf(z.array(TreeOptionSchema)),
  }),
  roleMenuTree: endpoint({
    method: 'GET',
    url: '/system/menu/roleMenuTreeselect/:roleId',
    access: { permission: [RolePerm.query, RolePerm.edit] },
    summary: 'Get the menu tree with the menus a role holds checked',
    tag,
    params: RoleIdParam,
    response: RoleMenuTreeResult,
  }),
  get: endpoint({
    method: 'GET',
    url: '/system/menu/:menuId',
    access: { permission: MenuPerm.query },
    summary: 'Get a menu',
    tag,
    params: MenuIdParam,
    response: okOf(Menu),
  }),
  add: endpoint({
    method: 'POST',
    url: '/system/menu',
    access: { permission: MenuPerm.add },
    summary: 'Create a menu',
    tag,
    body: MenuBody,
    response: OkEmpty,
  }),
  sort: endpoint({
    method: 'PUT',
    url: '/system/menu/updateSort',
    access: { permission: MenuPerm.edit },
    summary: 'Save the display order of several menus (RuoYi 3.9)',
    tag,
    body: MenuSort,
    response: OkEmpty,
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/system/menu',
    access: { permission: MenuPerm.edit },
    summary: 'Update a menu',
    tag,
    body: MenuUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/system/menu/:menuId',
    access: { permission: MenuPerm.remove },
    summary: 'Delete a menu',
    tag,
    params: MenuIdParam,
    response: OkEmpty,
  }),
};
