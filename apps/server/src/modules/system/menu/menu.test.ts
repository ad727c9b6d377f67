/**
 * The seeded menu and the menu API on a real database: its tree, its rights' names in both languages,
 * reads and edits.
 * Over 400 lines: the seeded menu's checks and the menu API's cases read the same seeded rows; each server
 * test file gets its own database (migrate and seed), so a split would cost suite time.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { sysMenu, sysOperLog, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../../db/schema';
import { renameSeededButtons } from '../../../db/seed/job-roles';
import { COMMON_ROLE_MENUS, SEED_MENUS, SEED_RENAMES } from '../../../db/seed/menus';
import { hashPassword } from '../../../platform/auth/password';

let t: TestApp;
let admin: Caller;

/** A signed-in user whose one role holds the seeded menus carrying these permissions. */
async function userWith(userName: string, perms: string[]) {
  const db = t.database.db;
  const menus = perms.length > 0 ? await db.select({ menuId: sysMenu.menuId }).from(sysMenu).where(inArray(sysMenu.perms, perms)) : [];
  const [role] = await db.insert(sysRole).values({ roleName: userName, roleKey: userName }).returning();
  const [user] = await db
    .insert(sysUser)
    .values({ userName, nickName: userName, password: await hashPassword('secret123'), deptId: 103 })
    .returning();
  if (!role || !user) throw new Error('fixture rows not created');
  if (menus.length > 0) await db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role.roleId, menuId: m.menuId })));
  await db.insert(sysUserRole).values({ userId: user.userId, roleId: role.roleId });
  return { caller: await t.login(userName, 'secret123'), roleId: role.roleId };
}

const menuCount = async () => (await t.database.db.select().from(sysMenu)).length;
const menuNamed = async (menuName: string) => (await t.database.db.select().from(sysMenu).where(eq(sysMenu.menuName, menuName)))[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('the seeded menu', () => {
  it('has unique ids and permissions, a component on every page and both titles on every row', () => {
    const ids = SEED_MENUS.map((m) => m.menuId);
    expect(new Set(ids).size).toBe(ids.length);
    const perms = SEED_MENUS.flatMap((m) => (m.perms ? [m.perms] : []));
    expect(perms.filter((p, i) => perms.indexOf(p) !== i)).toEqual([]);
    expect(SEED_MENUS.filter((m) => m.menuType === 'C' && !m.component).map((m) => m.menuId)).toEqual([]);
    expect(SEED_MENUS.filter((m) => m.menuType === 'F' && !m.perms).map((m) => m.menuId)).toEqual([]);
    expect(SEED_MENUS.filter((m) => !m.menuName || !m.menuNameEn).map((m) => m.menuId)).toEqual([]);
    // New menus get identity ids from 5000: seeded ones must stay below.
    expect(Math.max(...ids)).toBeLessThan(5000);
  });

  it('hangs every row under a directory or page that exists, and buttons only under pages', () => {
    const byId = new Map(SEED_MENUS.map((m) => [m.menuId, m]));
    for (const m of SEED_MENUS) {
      if (m.parentId === 0) continue;
      const parent = byId.get(m.parentId);
      expect(parent, `parent of ${m.menuId}`).toBeDefined();
      expect(parent?.menuType, `parent of ${m.menuId}`).toBe(m.menuType === 'F' ? 'C' : 'M');
    }
  });

  it('holds the spec menu: Compliance, Content Manager, Team Manager, System Manager, Work, then System, Monitor and Tool', () => {
    const roots = SEED_MENUS.filter((m) => m.parentId === 0).sort((a, b) => (a.orderNum ?? 0) - (b.orderNum ?? 0));
    expect(roots.map((m) => m.menuNameEn)).toEqual(['Compliance', 'Content Manager', 'Team Manager', 'System Manager', 'Work', 'System', 'Monitor', 'Tool']);
    const childrenOf = (en: string) => {
      const parent = SEED_MENUS.find((m) => m.menuNameEn === en && m.menuType === 'M');
      // What the sidebar shows: hidden pages (the topic editor) are routes, not entries.
      return SEED_MENUS.filter((m) => m.parentId === parent?.menuId && m.menuType !== 'F' && m.visible !== '1').map((m) => m.menuNameEn);
    };
    expect(childrenOf('Compliance')).toEqual(['Regulations', 'Regulation Relationship', 'Compliance Reports']);
    expect(childrenOf('Content Manager')).toEqual([
      'Explorer',
      'Libraries',
      'Project',
      'Documents',
      'Topics',
      'Resources',
      'Abbreviations',
      'Terms',
      'Publications',
      'Deliverables',
      'Search',
    ]);
    expect(childrenOf('Team Manager')).toEqual(['Organization', 'User', 'Role']);
    expect(childrenOf('System Manager')).toEqual(['Doctypes', 'Template', 'Settings']);
    const team = SEED_MENUS.filter((m) => m.parentId === 2200).map((m) => m.component);
    expect(team).toEqual(['system/dept/index', 'system/user/index', 'system/role/index']);
    expect(SEED_MENUS.find((m) => m.perms === 'ccms:library:list')?.component).toBe('ccms/library/index');
    expect(SEED_MENUS.find((m) => m.perms === 'monitor:operlog:list')?.parentId).toBe(108);
  });

  it('gives the common role reading rights on content only', () => {
    const byId = new Map(SEED_MENUS.map((m) => [m.menuId, m]));
    const perms = COMMON_ROLE_MENUS.flatMap((id) => (byId.get(id)?.perms ? [byId.get(id)?.perms ?? ''] : []));
    expect(perms).toContain('ccms:library:list');
    expect(perms).toContain('ccms:document:query');
    expect(perms.every((p) => p.startsWith('ccms:') && (p.endsWith(':list') || p.endsWith(':query')))).toBe(true);
  });
});

describe('readable names of the seeded rights', () => {
  type Row = { menuId: number; parentId: number; menuType: string; menuName: string; menuNameEn: string };
  const seeded = async (): Promise<Row[]> => (await t.database.db.select().from(sysMenu)).filter((m) => SEED_MENUS.some((s) => s.menuId === m.menuId));
  const words = (name: string) => name.toLowerCase().split(/\s+/).filter(Boolean);
  const singular = (word: string) => word.replace(/ies$/, 'y').replace(/s$/, '');
  /** Words that may follow a verb before its object ("Act on workflow"). */
  const PARTICLES = ['on', 'off', 'out', 'in', 'up'];

  it('never says the page\'s thing after an action that has its own object ("Reset password user"), in English', async () => {
    const rows = await seeded();
    const byId = new Map(rows.map((m) => [m.menuId, m]));
    const wrong: string[] = [];
    for (const button of rows.filter((m) => m.menuType === 'F')) {
      const page = byId.get(button.parentId);
      if (!page) continue;
      const pageWords = words(page.menuNameEn).map(singular);
      const name = words(button.menuNameEn);
      if (singular(name[name.length - 1] ?? '') !== pageWords[pageWords.length - 1]) continue;
      // Strip the page's noun phrase from the end: what is left is the action, one verb (and a particle).
      const action = [...name];
      while (action.length > 1 && pageWords.includes(singular(action[action.length - 1] ?? ''))) action.pop();
      const oneVerb = action.length === 1 || (action.length === 2 && PARTICLES.includes(action[1] ?? ''));
      if (!oneVerb) wrong.push(`${button.menuId} "${button.menuNameEn}" under "${page.menuNameEn}"`);
    }
    expect(wrong).toEqual([]);
  });

  it('never says a word twice in one name ("Generate code generator", "生成生成代码"), in either language', async () => {
    const wrong: string[] = [];
    for (const m of await seeded()) {
      const stems = words(m.menuNameEn)
        .filter((w) => w.length >= 4)
        .map((w) => w.slice(0, 5));
      if (new Set(stems).size !== stems.length) wrong.push(`${m.menuId} "${m.menuNameEn}"`);
      const pairs = [...m.menuName].slice(0, -1).map((c, i) => c + m.menuName[i + 1]);
      if (new Set(pairs).size !== pairs.length) wrong.push(`${m.menuId} "${m.menuName}"`);
    }
    expect(wrong).toEqual([]);
  });

  it('names the buttons RuoYi names by their own object alone, in both languages', async () => {
    const names = new Map((await seeded()).map((m) => [m.menuId, `${m.menuName} | ${m.menuNameEn}`]));
    expect([1006, 1045, 1047, 1048, 1053, 1059, 1060].map((id) => names.get(id))).toEqual([
      '重置密码 | Reset password',
      '账户解锁 | Unlock account',
      '批量强退 | Batch logout',
      '单条强退 | Force logout',
      '任务状态修改 | Change job status',
      '预览代码 | Preview code',
      '生成代码 | Generate code',
    ]);
  });

  it('renames the old names of an existing install once, keeping a name an administrator changed', async () => {
    const db = t.database.db;
    const [reset, generate] = SEED_RENAMES.filter((r) => r.menuId === 1006 || r.menuId === 1060);
    if (!reset || !generate) throw new Error('renames of 1006 and 1060 expected');
    // As an install seeded before the fix has them; one English name was changed by hand.
    await db.update(sysMenu).set({ menuName: reset.from[0], menuNameEn: reset.from[1] }).where(eq(sysMenu.menuId, 1006));
    await db.update(sysMenu).set({ menuName: generate.from[0], menuNameEn: 'Write the code' }).where(eq(sysMenu.menuId, 1060));
    await renameSeededButtons(db);
    await renameSeededButtons(db);
    const rows = await db
      .select()
      .from(sysMenu)
      .where(inArray(sysMenu.menuId, [1006, 1060]));
    expect(rows.map((m) => `${m.menuId} ${m.menuName} | ${m.menuNameEn}`).sort()).toEqual(['1006 重置密码 | Reset password', '1060 生成代码 | Write the code']);
    await db.update(sysMenu).set({ menuNameEn: 'Generate code' }).where(eq(sysMenu.menuId, 1060));
  });
});

describe('GET /system/menu/list and /system/menu/{id}', () => {
  it('gives the administrator every menu in tree order, filtered by either title or status', async () => {
    const all = await admin.get('/prod-api/system/menu/list');
    expect(all.body.code).toBe(200);
    expect(all.body.data).toHaveLength(SEED_MENUS.length);
    expect(all.body.data[0]).toMatchObject({ parentId: 0, orderNum: 1, menuNameEn: 'Compliance' });
    const zh = await admin.get('/prod-api/system/menu/list', { menuName: '字典' });
    expect(zh.body.data.map((m: { menuId: number }) => m.menuId)).toContain(105);
    const en = await admin.get('/prod-api/system/menu/list', { menuName: 'dictionar' });
    expect(en.body.data.map((m: { menuId: number }) => m.menuId)).toContain(105);
    expect((await admin.get('/prod-api/system/menu/list', { status: '1' })).body.data).toEqual([]);
  });

  it("gives another user only their roles' menus", async () => {
    const { caller } = await userWith('menulist', ['system:menu:list', 'system:dict:list']);
    const res = await caller.get('/prod-api/system/menu/list');
    expect(res.body.data.map((m: { perms: string }) => m.perms).sort()).toEqual(['system:dict:list', 'system:menu:list']);
  });

  it('answers one menu, or 404', async () => {
    const res = await admin.get('/prod-api/system/menu/102');
    expect(res.body.data).toMatchObject({ menuId: 102, menuName: '菜单管理', menuNameEn: 'Menus', component: 'system/menu/index', menuType: 'C' });
    expect((await admin.get('/prod-api/system/menu/4999')).status).toBe(404);
  });
});

describe('tree selects', () => {
  it("nests the menus as {id, label, children} in the caller's language", async () => {
    const res = await admin.get('/prod-api/system/menu/treeselect');
    const system = res.body.data.find((n: { id: number }) => n.id === 1);
    expect(system.label).toBe('System');
    const menu = system.children.find((n: { id: number }) => n.id === 102);
    expect(menu.children.map((n: { label: string }) => n.label)).toEqual(['Query menu', 'Add menu', 'Edit menu', 'Delete menu']);
    // Each node also carries its permission string (an added field; a directory has none), for the role editor's grouping.
    expect(menu).toMatchObject({ id: 102, perms: 'system:menu:list' });
    expect(menu.children[0]).toEqual({ id: 1012, label: 'Query menu', perms: 'system:menu:query' });
    expect(system.perms).toBeUndefined();
    const zh = await admin.request({ method: 'GET', url: '/prod-api/system/menu/treeselect', headers: { 'accept-language': 'zh' } });
    expect(zh.body.data.find((n: { id: number }) => n.id === 1).label).toBe('系统管理');
  });

  it("ticks a role's menus, leaving out parents of ticked menus when the tree is linked", async () => {
    const res = await admin.get('/prod-api/system/menu/roleMenuTreeselect/2');
    expect(res.body.code).toBe(200);
    expect(res.body.menus.length).toBeGreaterThan(3);
    // Strictly linked, only the leaves are ticked: the query buttons, and pages without buttons (the hidden editor pages).
    const mine = SEED_MENUS.filter((m) => COMMON_ROLE_MENUS.includes(m.menuId));
    const leaves = mine.filter((m) => !mine.some((c) => c.parentId === m.menuId)).map((m) => m.menuId);
    expect(leaves.filter((id) => SEED_MENUS.find((m) => m.menuId === id)?.menuType !== 'F').sort()).toEqual([2108, 2109]);
    expect([...res.body.checkedKeys].sort()).toEqual([...leaves].sort());
    await t.database.db.update(sysRole).set({ menuCheckStrictly: false }).where(eq(sysRole.roleId, 2));
    const loose = await admin.get('/prod-api/system/menu/roleMenuTreeselect/2');
    expect([...loose.body.checkedKeys].sort()).toEqual([...COMMON_ROLE_MENUS].sort());
    await t.database.db.update(sysRole).set({ menuCheckStrictly: true }).where(eq(sysRole.roleId, 2));
    expect((await admin.get('/prod-api/system/menu/roleMenuTreeselect/999')).status).toBe(404);
  });
});

describe('POST, PUT and DELETE /system/menu', () => {
  it('creates, edits (both titles) and deletes a menu, writing the operation log', async () => {
    const body = {
      menuName: '审计',
      menuNameEn: 'Audit',
      parentId: 1,
      orderNum: 20,
      path: 'audit',
      component: 'system/audit/index',
      menuType: 'C',
      perms: 'system:audit:list',
    };
    expect((await admin.post('/prod-api/system/menu', body)).body.code).toBe(200);
    const row = await menuNamed('审计');
    expect(row).toMatchObject({ menuNameEn: 'Audit', createBy: 'admin', isFrame: '1', visible: '0', status: '0' });
    const menuId = row?.menuId ?? 0;
    expect(menuId).toBeGreaterThanOrEqual(5000);
    expect((await admin.put('/prod-api/system/menu', { ...body, menuId, menuName: '审计日志', menuNameEn: 'Audit log' })).body.code).toBe(200);
    expect((await admin.get(`/prod-api/system/menu/${menuId}`)).body.data).toMatchObject({ menuName: '审计日志', menuNameEn: 'Audit log', updateBy: 'admin' });
    expect((await admin.delete(`/prod-api/system/menu/${menuId}`)).body.code).toBe(200);
    expect((await admin.get(`/prod-api/system/menu/${menuId}`)).status).toBe(404);
    // The operation log row is written after the response is sent: wait for it.
    const logs = () => t.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'menu')).orderBy(sysOperLog.operId);
    await expect.poll(async () => (await logs()).map((l) => l.businessType)).toEqual([1, 2, 3]);
  });

  it.each([
    [{ menuName: '', parentId: 0, orderNum: 1, path: 'x', menuType: 'M' }, 'Menu name is required'],
    [{ menuName: 'X', parentId: 0, orderNum: 1, path: 'x', menuType: 'Z' }, 'Type must be one of: M, C, F'],
    [{ menuName: 'X', parentId: 0, orderNum: 1, path: 'x' }, 'Type is required'],
    [{ menuName: 'X', parentId: 0, orderNum: -1, path: 'x', menuType: 'M' }, 'Order must not be less than 0'],
    [{ menuName: 'X', parentId: 0, path: 'x', menuType: 'M' }, 'Order is required'],
    [{ menuName: 'X'.repeat(51), parentId: 0, orderNum: 1, path: 'x', menuType: 'M' }, 'Menu name must be at most 50 characters'],
    [{ menuName: 'X', parentId: 1, orderNum: 1, menuType: 'C', component: 'a/b' }, 'Path is required'],
    [
      { menuName: 'X', parentId: 1, orderNum: 1, path: 'www.example.com', isFrame: '0', menuType: 'C' },
      'Cannot save menu "X": the path of an external link must start with http(s)://',
    ],
    [
      { menuName: '用户管理', parentId: 1, orderNum: 1, path: 'user2', menuType: 'C' },
      'Cannot save menu "用户管理": a menu with this name already exists under the same parent',
    ],
    [
      { menuName: '新用户', menuNameEn: 'Users', parentId: 1, orderNum: 1, path: 'user2', menuType: 'C' },
      'Cannot save menu "Users": a menu with this name already exists under the same parent',
    ],
    [{ menuName: 'X', parentId: 4998, orderNum: 1, path: 'x', menuType: 'C' }, 'Parent: the parent menu does not exist'],
    [{ menuName: 'X', parentId: 1012, orderNum: 1, menuType: 'F', perms: 'x:y:z' }, 'Parent: a button cannot be a parent menu'],
    [
      { menuName: 'X', parentId: 1, orderNum: 1, path: 'x2', menuType: 'C', routeName: 'TeamUser' },
      'Cannot save menu "X": route name "TeamUser" already exists',
    ],
  ])('refuses %j naming the problem, changing nothing', async (body, msg) => {
    const before = await menuCount();
    const res = await admin.post('/prod-api/system/menu', body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
    expect(await menuCount()).toBe(before);
  });

  it('accepts an external link with an http(s) path and the same name under another parent', async () => {
    const link = { menuName: '帮助', menuNameEn: 'Help', parentId: 0, orderNum: 99, path: 'https://example.com/help', isFrame: '0', menuType: 'M' };
    expect((await admin.post('/prod-api/system/menu', link)).body.code).toBe(200);
    expect((await admin.post('/prod-api/system/menu', { menuName: '用户管理', parentId: 2, orderNum: 9, path: 'users', menuType: 'C' })).body.code).toBe(200);
  });

  it('refuses a menu as its own parent or under its own sub-menu, changing nothing', async () => {
    const current = (await admin.get('/prod-api/system/menu/1')).body.data;
    const self = await admin.put('/prod-api/system/menu', { ...current, parentId: 1 });
    expect(self.body).toEqual({ code: 400, msg: 'Cannot save menu "系统管理": parentId cannot be the menu itself' });
    const below = await admin.put('/prod-api/system/menu', { ...current, parentId: 100 });
    expect(below.body.msg).toBe('Cannot save menu "系统管理": parentId cannot be one of its own sub-menus');
    expect((await t.database.db.select().from(sysMenu).where(eq(sysMenu.menuId, 1)))[0]?.parentId).toBe(0);
    expect((await admin.put('/prod-api/system/menu', { ...current, menuId: 4997 })).status).toBe(404);
  });

  it('refuses to delete a menu with sub-menus or one assigned to a role, as warnings', async () => {
    const parent = await admin.delete('/prod-api/system/menu/1');
    expect(parent.body).toEqual({ code: 601, msg: 'The menu has sub-menus and cannot be deleted' });
    const assigned = await admin.delete(`/prod-api/system/menu/${COMMON_ROLE_MENUS.find((id) => id >= 3000)}`);
    expect(assigned.body).toEqual({ code: 601, msg: 'The menu is assigned to a role and cannot be deleted' });
    expect(await menuCount()).toBeGreaterThanOrEqual(SEED_MENUS.length);
    expect((await admin.delete('/prod-api/system/menu/4996')).status).toBe(404);
  });
});

describe('permissions', () => {
  it('lets system:menu:list list and refuses add, edit, remove and query without their permissions', async () => {
    const { caller } = await userWith('menuread', ['system:menu:list']);
    expect((await caller.get('/prod-api/system/menu/list')).body.code).toBe(200);
    expect((await caller.get('/prod-api/system/menu/treeselect')).body.code).toBe(200);
    const before = await menuCount();
    for (const res of [
      await caller.get('/prod-api/system/menu/102'),
      await caller.post('/prod-api/system/menu', { menuName: 'Nope', parentId: 0, orderNum: 1, path: 'nope', menuType: 'M' }),
      await caller.put('/prod-api/system/menu', { menuId: 102, menuName: 'Nope', parentId: 1, orderNum: 1, path: 'nope', menuType: 'C' }),
      await caller.delete('/prod-api/system/menu/1012'),
      await caller.get('/prod-api/system/menu/roleMenuTreeselect/2'),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('The current operation has no permission');
    }
    expect(await menuCount()).toBe(before);
    expect((await menuNamed('菜单管理'))?.menuNameEn).toBe('Menus');
  });

  it('lets each write permission do its one thing', async () => {
    const { caller } = await userWith('menuwrite', ['system:menu:query', 'system:menu:add', 'system:menu:edit', 'system:menu:remove']);
    expect((await caller.get('/prod-api/system/menu/102')).body.code).toBe(200);
    expect((await caller.post('/prod-api/system/menu', { menuName: '临时', parentId: 0, orderNum: 50, path: 'tmp', menuType: 'M' })).body.code).toBe(200);
    const row = await menuNamed('临时');
    const menuId = row?.menuId ?? 0;
    expect((await caller.put('/prod-api/system/menu', { menuId, menuName: '临时目录', parentId: 0, orderNum: 50, path: 'tmp', menuType: 'M' })).body.code).toBe(
      200,
    );
    expect((await caller.delete(`/prod-api/system/menu/${menuId}`)).body.code).toBe(200);
    expect((await caller.get('/prod-api/system/menu/list')).status).toBe(403);
  });
});

describe('menus reach GET /getRouters', () => {
  type Node = { path: string; hidden: boolean; component: string; meta: { title: string } | null; children?: Node[] };
  const find = (nodes: Node[], path: string): Node | undefined => {
    for (const n of nodes) {
      if (n.path === path) return n;
      const inside = find(n.children ?? [], path);
      if (inside) return inside;
    }
    return undefined;
  };

  it('shows a menu the administrator adds and grants to a role to users of that role; a hidden one hides, a disabled one is gone', async () => {
    const { caller, roleId } = await userWith('routed', []);
    const page = {
      menuName: '词汇',
      menuNameEn: 'Glossary',
      parentId: 2100,
      orderNum: 8,
      path: 'glossary',
      component: 'ccms/term/index',
      menuType: 'C',
      perms: 'ccms:term:list',
    };
    expect((await admin.post('/prod-api/system/menu', page)).body.code).toBe(200);
    const menuId = (await menuNamed('词汇'))?.menuId ?? 0;
    expect(find((await caller.get('/prod-api/getRouters')).body.data, 'glossary')).toBeUndefined();

    await t.database.db.insert(sysRoleMenu).values([
      { roleId, menuId: 2100 },
      { roleId, menuId },
    ]);
    const shown = find((await caller.get('/prod-api/getRouters')).body.data, 'glossary');
    expect(shown).toMatchObject({ component: 'ccms/term/index', hidden: false, meta: { title: 'Glossary' } });
    expect((await caller.get('/prod-api/getInfo')).body.permissions).toContain('ccms:term:list');

    expect((await admin.put('/prod-api/system/menu', { ...page, menuId, visible: '1' })).body.code).toBe(200);
    // A hidden page stays routable (RuoYi) but is flagged hidden, so the sidebar leaves it out.
    expect(find((await caller.get('/prod-api/getRouters')).body.data, 'glossary')?.hidden).toBe(true);

    expect((await admin.put('/prod-api/system/menu', { ...page, menuId, status: '1' })).body.code).toBe(200);
    expect(find((await caller.get('/prod-api/getRouters')).body.data, 'glossary')).toBeUndefined();
    expect((await caller.get('/prod-api/getInfo')).body.permissions).not.toContain('ccms:term:list');
  });

  it('carries affix and activeMenu from the menu row to the route meta, and drops them when cleared', async () => {
    const page = {
      menuName: '用户详情',
      menuNameEn: 'User detail',
      parentId: 1,
      orderNum: 30,
      path: 'user-detail',
      component: 'system/user/detail',
      menuType: 'C',
      visible: '1',
      affix: true,
      activeMenu: ' /system/user ',
    };
    expect((await admin.post('/prod-api/system/menu', page)).body.code).toBe(200);
    const menuId = (await menuNamed('用户详情'))?.menuId ?? 0;
    expect((await admin.get(`/prod-api/system/menu/${menuId}`)).body.data).toMatchObject({ affix: true, activeMenu: '/system/user' });
    const shown = find((await admin.get('/prod-api/getRouters')).body.data, 'user-detail');
    expect(shown?.meta).toMatchObject({ title: 'User detail', affix: true, activeMenu: '/system/user' });

    expect((await admin.put('/prod-api/system/menu', { ...page, menuId, affix: false, activeMenu: '' })).body.code).toBe(200);
    const cleared = find((await admin.get('/prod-api/getRouters')).body.data, 'user-detail');
    expect(cleared?.meta).not.toHaveProperty('affix');
    expect(cleared?.meta).not.toHaveProperty('activeMenu');
    // A menu saved without them (an older client) is neither pinned nor redirecting its highlight.
    const { affix: _a, activeMenu: _m, ...older } = page;
    expect((await admin.put('/prod-api/system/menu', { ...older, menuId })).body.code).toBe(200);
    expect(await menuNamed('用户详情')).toMatchObject({ affix: false, activeMenu: '' });

    const bad = await admin.put('/prod-api/system/menu', { ...page, menuId, affix: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Pinned tab');
  });

  it('shows a renamed menu in getRouters at once, in both languages', async () => {
    const system = (await admin.get('/prod-api/system/menu/1')).body.data;
    const { createBy: _c, createTime: _t, updateBy: _u, updateTime: _ut, ...body } = system;
    expect((await admin.put('/prod-api/system/menu', { ...body, menuName: '平台管理', menuNameEn: 'Platform' })).body.code).toBe(200);
    const inEnglish = find((await admin.get('/prod-api/getRouters')).body.data, '/system');
    expect(inEnglish?.meta).toMatchObject({ title: 'Platform', titles: { zh: '平台管理', en: 'Platform' } });
    const inChinese = await admin.request({ method: 'GET', url: '/prod-api/getRouters', headers: { 'accept-language': 'zh' } });
    expect(find(inChinese.body.data, '/system')?.meta).toMatchObject({ title: '平台管理', titles: { zh: '平台管理', en: 'Platform' } });
    expect((await admin.put('/prod-api/system/menu', body)).body.code).toBe(200);
    expect(find((await admin.get('/prod-api/getRouters')).body.data, '/system')?.meta?.title).toBe('System');
  });

  it('gives the seeded common role the Compliance and Content Manager pages', async () => {
    const db = t.database.db;
    const [user] = await db
      .insert(sysUser)
      .values({ userName: 'author', nickName: 'Author', password: await hashPassword('secret123') })
      .returning();
    if (!user) throw new Error('fixture rows not created');
    await db.insert(sysUserRole).values({ userId: user.userId, roleId: 2 });
    const author = await t.login('author', 'secret123');
    const routes: Node[] = (await author.get('/prod-api/getRouters')).body.data;
    expect(routes.map((r) => r.path)).toEqual(['/compliance', '/content']);
    expect(find(routes, 'library')).toMatchObject({ component: 'ccms/library/index' });
    const perms: string[] = (await author.get('/prod-api/getInfo')).body.permissions;
    expect(perms).toEqual(expect.arrayContaining(['ccms:library:list', 'ccms:library:query', 'ccms:topic:list']));
    expect(perms).not.toContain('ccms:library:add');
  });
});

describe('PUT /system/menu/updateSort (RuoYi 3.9)', () => {
  const orderOf = async (menuId: number) => (await t.database.db.select().from(sysMenu).where(eq(sysMenu.menuId, menuId)))[0]?.orderNum;

  it('saves the display order of several menus as the client sends the two comma lists', async () => {
    const res = await admin.put('/prod-api/system/menu/updateSort', { menuIds: '1,2,3', orderNums: '30,10,20' });
    expect(res.body.code).toBe(200);
    expect([await orderOf(1), await orderOf(2), await orderOf(3)]).toEqual([30, 10, 20]);
    expect((await t.database.db.select().from(sysMenu).where(eq(sysMenu.menuId, 1)))[0]?.updateBy).toBe('admin');
  });

  it.each([
    [{ menuIds: '1,2', orderNums: '5' }, 400, 'Display orders has 1 values for 2 ids'],
    [{ menuIds: '1,x', orderNums: '5,6' }, 400, 'Menus is not in a valid format'],
    [{ menuIds: '1,2', orderNums: '5,-6' }, 400, 'Display orders is not in a valid format'],
    [{ menuIds: '1,1', orderNums: '5,6' }, 400, 'Id 1 is listed more than once'],
    [{ menuIds: '1,2', orderNums: '5,10000' }, 400, 'Display orders must not be greater than 9999'],
    [{ orderNums: '5' }, 400, 'Menus is required'],
    [{ menuIds: '1,999999', orderNums: '5,6' }, 404, undefined],
  ])('refuses %j naming the field, changing no order', async (body, status, msg) => {
    const before = await t.database.db.select({ id: sysMenu.menuId, n: sysMenu.orderNum }).from(sysMenu).orderBy(sysMenu.menuId);
    const res = await admin.put('/prod-api/system/menu/updateSort', body);
    expect(res.status).toBe(status);
    if (msg) expect(res.body.msg).toBe(msg);
    expect(await t.database.db.select({ id: sysMenu.menuId, n: sysMenu.orderNum }).from(sysMenu).orderBy(sysMenu.menuId)).toEqual(before);
  });

  it('needs system:menu:edit', async () => {
    const { caller: lister } = await userWith('sortlister', ['system:menu:list']);
    const denied = await lister.put('/prod-api/system/menu/updateSort', { menuIds: '1', orderNums: '77' });
    expect(denied.status).toBe(403);
    expect(await orderOf(1)).not.toBe(77);
    const { caller: editor } = await userWith('sorteditor', ['system:menu:edit']);
    expect((await editor.put('/prod-api/system/menu/updateSort', { menuIds: '1', orderNums: '77' })).body.code).toBe(200);
    expect(await orderOf(1)).toBe(77);
  });
});
