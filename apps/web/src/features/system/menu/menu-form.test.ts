import type { Menu } from '@ccms/contracts/system/menu';
import { describe, expect, it } from 'vitest';
import { childType, type MenuValues, toMenuBody } from './components/MenuFormDialog';
import { catalogOf, filterIcons } from './icon-catalog';
import { menuTitle, menuTree, parentOptions } from './menu-api';

const values: MenuValues = {
  parentId: 1,
  menuType: 'C',
  icon: 'RocketOutlined',
  menuName: ' 岗位 ',
  menuNameEn: 'Posts',
  orderNum: 3,
  isFrame: '1',
  path: 'post',
  component: 'system/post/index',
  routeName: '',
  perms: 'system:post:list',
  query: '',
  isCache: '1',
  visible: '0',
  status: '0',
  affix: true,
  activeMenu: ' /system/post ',
};

const menu = (menuId: number, parentId: number, menuType: string, menuName: string, menuNameEn = ''): Menu => ({
  menuId,
  parentId,
  menuType,
  menuName,
  menuNameEn,
  orderNum: 0,
  path: '',
  component: null,
  query: null,
  routeName: '',
  isFrame: '1',
  isCache: '0',
  visible: '0',
  status: '0',
  perms: null,
  icon: '#',
  affix: false,
  activeMenu: '',
  remark: '',
  createBy: '',
  createTime: null,
  updateBy: '',
  updateTime: null,
});

describe('menu form', () => {
  it('sends a page with its route fields, empty optional texts as null', () => {
    expect(toMenuBody(values)).toEqual({
      parentId: 1,
      menuType: 'C',
      menuName: '岗位',
      menuNameEn: 'Posts',
      orderNum: 3,
      icon: 'RocketOutlined',
      isFrame: '1',
      path: 'post',
      component: 'system/post/index',
      query: null,
      routeName: '',
      perms: 'system:post:list',
      isCache: '1',
      visible: '0',
      status: '0',
      affix: true,
      activeMenu: '/system/post',
    });
  });

  it('a directory drops the page-only fields and the permission; a button keeps only its permission', () => {
    const dir = toMenuBody({ ...values, menuType: 'M' });
    expect(dir).toMatchObject({ component: null, query: null, perms: null, isCache: '0', path: 'post', icon: 'RocketOutlined', affix: false, activeMenu: '' });
    const button = toMenuBody({ ...values, menuType: 'F', perms: 'system:post:add' });
    expect(button).toMatchObject({ icon: '#', path: '', component: null, perms: 'system:post:add', visible: '0', isFrame: '1' });
  });

  it('a new child takes the usual type of its parent', () => {
    expect(childType(undefined)).toBe('M');
    expect(childType('M')).toBe('C');
    expect(childType('C')).toBe('F');
  });

  it('the parent picker has a root above directories and pages, never buttons, titled in the UI language', () => {
    const tree = menuTree([menu(1, 0, 'M', '系统管理', 'System'), menu(104, 1, 'C', '岗位管理', 'Posts'), menu(1020, 104, 'F', '岗位查询', 'Query')]);
    expect(parentOptions(tree, 'en', 'Root')).toEqual([
      { id: 0, label: 'Root', children: [{ id: 1, label: 'System', children: [{ id: 104, label: 'Posts' }] }] },
    ]);
    expect(menuTitle(menu(5, 0, 'M', '目录'), 'en')).toBe('目录');
  });
});

/** Stands in for an icon component: only its name matters to the catalog. */
const Icon = () => null;

describe('icon catalog', () => {
  const catalog = catalogOf({ RocketOutlined: Icon, RocketFilled: Icon, HomeTwoTone: Icon, default: Icon, createFromIconfontCN: Icon, AlertOutlined: Icon });

  it('keeps only icon components, by style, alphabetically', () => {
    expect(catalog.names).toEqual({ Outlined: ['AlertOutlined', 'RocketOutlined'], Filled: ['RocketFilled'], TwoTone: ['HomeTwoTone'] });
    expect(catalog.get('RocketOutlined')).toBe(Icon);
    expect(catalog.get('default')).toBeUndefined();
  });

  it('searches any part of the name, ignoring case', () => {
    expect(filterIcons(catalog.names.Outlined, ' rock ')).toEqual(['RocketOutlined']);
    expect(filterIcons(catalog.names.Outlined, '')).toEqual(['AlertOutlined', 'RocketOutlined']);
  });
});
