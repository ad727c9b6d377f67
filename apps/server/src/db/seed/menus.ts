import { ComplianceReportPerm } from '@ccms/contracts/compliance/compliance-report';
import { RegulationPerm, RegulationRelationPerm } from '@ccms/contracts/compliance/regulation';
import { DoctypePerm } from '@ccms/contracts/content/doctype';
import { DocumentPerm } from '@ccms/contracts/content/document';
import { EditorConfigPerm } from '@ccms/contracts/content/editor-config';
import { ExplorerPerm } from '@ccms/contracts/content/explorer';
import { AbbreviationPerm, TermPerm } from '@ccms/contracts/content/glossary';
import { GrammarPerm } from '@ccms/contracts/content/grammar';
import { GraphicPerm } from '@ccms/contracts/content/graphic';
import { LibraryPerm } from '@ccms/contracts/content/library';
import { ProductPerm, PropertyPerm } from '@ccms/contracts/content/product';
import { SearchPerm } from '@ccms/contracts/content/search';
import { TagPerm } from '@ccms/contracts/content/tag';
import { TemplatePerm } from '@ccms/contracts/content/template';
import { TopicPerm } from '@ccms/contracts/content/topic';
import { CachePerm } from '@ccms/contracts/monitor/cache';
import { DatasourcePerm } from '@ccms/contracts/monitor/datasource';
import { JobPerm } from '@ccms/contracts/monitor/job';
import { LoginInfoPerm } from '@ccms/contracts/monitor/logininfor';
import { OnlinePerm } from '@ccms/contracts/monitor/online';
import { OperLogPerm } from '@ccms/contracts/monitor/operlog';
import { ServerPerm } from '@ccms/contracts/monitor/server';
import { ConnectionPerm } from '@ccms/contracts/publish/connection';
import { DeliverablePerm } from '@ccms/contracts/publish/deliverable';
import { PublicationPerm, PublishLogPerm } from '@ccms/contracts/publish/publication';
import { ConfigPerm } from '@ccms/contracts/system/config';
import { DeptPerm } from '@ccms/contracts/system/dept';
import { DictPerm } from '@ccms/contracts/system/dict';
import { MenuPerm } from '@ccms/contracts/system/menu';
import { NoticePerm } from '@ccms/contracts/system/notice';
import { PostPerm } from '@ccms/contracts/system/post';
import { RolePerm } from '@ccms/contracts/system/role';
import { UserPerm } from '@ccms/contracts/system/user';
import { BuildPerm } from '@ccms/contracts/tool/build';
import { GenPerm } from '@ccms/contracts/tool/gen';
import { SwaggerPerm } from '@ccms/contracts/tool/swagger';
import { PlanPerm } from '@ccms/contracts/work/plan';
import { ProjectPerm } from '@ccms/contracts/work/project';
import { ProjectCategoryPerm } from '@ccms/contracts/work/project-category';
import { ReleasePerm } from '@ccms/contracts/work/release';
import { ReleaseLogPerm } from '@ccms/contracts/work/release-log';
import { ReviewCommentPerm } from '@ccms/contracts/work/review-comment';
import { TaskPerm } from '@ccms/contracts/work/task';
import { WorkItemPerm } from '@ccms/contracts/work/work-item';
import { WorkflowPerm } from '@ccms/contracts/work/workflow';
import type { Db, Tx } from '../client';
import { sysMenu, sysRoleMenu } from '../schema';

type MenuSeed = typeof sysMenu.$inferInsert & { menuId: number; parentId: number };

/** A directory (M): a sidebar group; its router node gets Layout or ParentView. */
const dir = (menuId: number, parentId: number, orderNum: number, path: string, zh: string, en: string, icon: string): MenuSeed => ({
  menuId,
  parentId,
  orderNum,
  path,
  menuName: zh,
  menuNameEn: en,
  menuType: 'M',
  icon,
});

/** A page (C): `component` is the web view, `perms` the permission that opens it. */
const page = (
  menuId: number,
  parentId: number,
  orderNum: number,
  path: string,
  component: string,
  perms: string | null,
  zh: string,
  en: string,
  icon: string,
  extra: Partial<MenuSeed> = {},
): MenuSeed => ({ menuId, parentId, orderNum, path, component, perms, menuName: zh, menuNameEn: en, menuType: 'C', icon, ...extra });

/**
 * Button names by action, in Chinese and English, with {e} where the page's entity goes. Actions
 * that name their own object ("Reset password", "Generate code", "Unlock account") take no entity:
 * "Reset password user" and "生成生成代码" said the thing twice.
 */
const ACTIONS: Record<string, [zh: string, en: string]> = {
  query: ['{e}查询', 'Query {e}'],
  add: ['{e}新增', 'Add {e}'],
  edit: ['{e}修改', 'Edit {e}'],
  remove: ['{e}删除', 'Delete {e}'],
  export: ['{e}导出', 'Export {e}'],
  import: ['{e}导入', 'Import {e}'],
  resetPwd: ['重置密码', 'Reset password'],
  unlock: ['账户解锁', 'Unlock account'],
  batchLogout: ['批量强退', 'Batch logout'],
  forceLogout: ['单条强退', 'Force logout'],
  changeStatus: ['{e}状态修改', 'Change {e} status'],
  preview: ['预览代码', 'Preview code'],
  code: ['生成代码', 'Generate code'],
  upload: ['{e}上传', 'Upload {e}'],
  publish: ['{e}发布', 'Publish {e}'],
  deliver: ['{e}交付', 'Deliver {e}'],
  act: ['{e}处理', 'Act on {e}'],
};

/** The action words of the naming before the fix: names were "<entity><action>" and "<action> <entity>" whatever the action. */
const LEGACY_ACTIONS: Record<string, [zh: string, en: string]> = {
  query: ['查询', 'Query'],
  add: ['新增', 'Add'],
  edit: ['修改', 'Edit'],
  remove: ['删除', 'Delete'],
  export: ['导出', 'Export'],
  import: ['导入', 'Import'],
  resetPwd: ['重置密码', 'Reset password'],
  unlock: ['账户解锁', 'Unlock account'],
  batchLogout: ['批量强退', 'Batch logout'],
  forceLogout: ['单条强退', 'Force logout'],
  changeStatus: ['状态修改', 'Change status'],
  preview: ['预览代码', 'Preview code'],
  code: ['生成代码', 'Generate code'],
  upload: ['上传', 'Upload'],
  publish: ['发布', 'Publish'],
  deliver: ['交付', 'Deliver'],
  act: ['处理', 'Act on'],
};

/** A seeded button whose names the fix changed: an existing install renames it unless someone renamed it already. */
export interface SeedRename {
  menuId: number;
  from: [zh: string, en: string];
  to: [zh: string, en: string];
}
export const SEED_RENAMES: SeedRename[] = [];

const named = (template: string, entity: string) => template.replace('{e}', entity);
const stem = (word: string) => word.toLowerCase().slice(0, 5);

/**
 * The names of one button. An action whose word the entity already holds ("Deliver" a
 * deliverable, "发布" a "发布项") names it alone rather than twice.
 */
function buttonNames(action: string, entity: [zh: string, en: string]): [zh: string, en: string] {
  const [zh, en] = ACTIONS[action] ?? [`{e}${action}`, `${action} {e}`];
  const zhWord = zh.replace('{e}', '');
  const enWord = en.replace('{e}', '').trim();
  const repeats = entity[0].includes(zhWord) || (enWord.length >= 5 && entity[1].length >= 5 && stem(entity[1]) === stem(enWord));
  if (zh.includes('{e}') && repeats) return [zhWord, enWord];
  return [named(zh, entity[0]), named(en, entity[1])];
}

/**
 * The buttons (F) of a page, ids counted up from `firstId` in the order given: perms come from
 * the entity's permission object in the contracts (`TagPerm`, ...), the one routes declare, and
 * names from ACTIONS with the entity put in (buttonNames).
 */
function buttons<P extends Readonly<Record<string, string>>>(
  parentId: number,
  firstId: number,
  perms: P,
  entity: [zh: string, en: string],
  actions: (keyof P & string)[],
  /** The entity's English word before the fix, where it changed. */
  formerEntityEn = entity[1],
): MenuSeed[] {
  return actions.map((action, i) => {
    const to = buttonNames(action, entity);
    const legacy = LEGACY_ACTIONS[action];
    const from: [string, string] | null = legacy ? [`${entity[0]}${legacy[0]}`, `${legacy[1]} ${formerEntityEn}`] : null;
    if (from && (from[0] !== to[0] || from[1] !== to[1])) SEED_RENAMES.push({ menuId: firstId + i, from, to });
    return {
      menuId: firstId + i,
      parentId,
      orderNum: i + 1,
      menuName: to[0],
      menuNameEn: to[1],
      menuType: 'F',
      perms: perms[action],
      icon: '#',
    };
  });
}

const CRUD = ['query', 'add', 'edit', 'remove'] as const;

/**
 * The seeded menu tree. Ids are fixed (RuoYi's for its own menus, 2000-4999 for CCMS) so roles,
 * later seeds and tests can refer to them; all stay below the identity start (5000) of new menus.
 * Home (/index) is a static route of the web, not a menu.
 */
export const SEED_MENUS: MenuSeed[] = [
  // Compliance
  dir(2000, 0, 1, 'compliance', '合规管理', 'Compliance', 'guide'),
  page(2001, 2000, 1, 'regulation', 'ccms/regulation/index', RegulationPerm.list, '法规', 'Regulations', 'documentation'),
  ...buttons(2001, 3000, RegulationPerm, ['法规', 'regulation'], [...CRUD, 'export', 'import']),
  page(2002, 2000, 2, 'regulationRelation', 'ccms/regulation/relation', RegulationRelationPerm.list, '法规关系', 'Regulation Relationship', 'tree'),
  ...buttons(2002, 3010, RegulationRelationPerm, ['法规关系', 'relationship'], [...CRUD]),
  page(2003, 2000, 3, 'complianceReport', 'ccms/regulation/report', ComplianceReportPerm.list, '合规报告', 'Compliance Reports', 'chart'),
  ...buttons(2003, 3020, ComplianceReportPerm, ['合规报告', 'report'], ['query', 'add', 'remove', 'export']),

  // Content Manager
  dir(2100, 0, 2, 'content', '内容管理', 'Content Manager', 'education'),
  page(2101, 2100, 1, 'explorer', 'ccms/explorer/index', ExplorerPerm.list, '资源浏览器', 'Explorer', 'tree-table'),
  ...buttons(2101, 3030, ExplorerPerm, ['文件', 'file'], [...CRUD, 'upload']),
  page(2102, 2100, 2, 'library', 'ccms/library/index', LibraryPerm.list, '库', 'Libraries', 'list'),
  ...buttons(2102, 3040, LibraryPerm, ['库', 'library'], [...CRUD, 'export']),
  page(2103, 2100, 3, 'project', 'ccms/project/index', ProjectPerm.list, '项目', 'Project', 'example'),
  ...buttons(2103, 3050, ProjectPerm, ['项目', 'project'], [...CRUD, 'export']),
  page(2104, 2100, 4, 'document', 'ccms/document/index', DocumentPerm.list, '文档', 'Documents', 'documentation'),
  ...buttons(2104, 3060, DocumentPerm, ['文档', 'document'], [...CRUD, 'import', 'export', 'publish']),
  page(2105, 2100, 5, 'topic', 'ccms/topic/index', TopicPerm.list, '主题', 'Topics', 'edit'),
  ...buttons(2105, 3070, TopicPerm, ['主题', 'topic'], [...CRUD, 'export']),
  page(2106, 2100, 6, 'graphic', 'ccms/graphic/index', GraphicPerm.list, '资源', 'Resources', 'star'),
  ...buttons(2106, 3080, GraphicPerm, ['资源', 'resource'], [...CRUD, 'upload']),
  page(2107, 2100, 7, 'abbreviation', 'ccms/abbreviation/index', AbbreviationPerm.list, '缩略语', 'Abbreviations', 'dict'),
  ...buttons(2107, 3090, AbbreviationPerm, ['缩略语', 'abbreviation'], [...CRUD, 'import', 'export']),
  page(2450, 2100, 7, 'term', 'ccms/term/index', TermPerm.list, '术语', 'Terms', 'dict'),
  ...buttons(2450, 3420, TermPerm, ['术语', 'term'], [...CRUD, 'import', 'export']),
  // The topic editor (issue 13): hidden pages, so the router knows their components; opening them
  // needs the topic permissions (ccms:topic:query, :edit), which the Topics page's buttons carry.
  page(2108, 2100, 20, 'topic-editor', 'ccms/topic/editor', null, '主题编辑器', 'Topic Editor', 'edit', { visible: '1', routeName: 'TopicEditor' }),
  page(2109, 2100, 21, 'mxeditor', 'ccms/topic/editor', null, '源码编辑器', 'Source Editor', 'code', { visible: '1', routeName: 'MxEditor' }),
  page(2110, 2100, 9, 'publication', 'ccms/publication/index', PublicationPerm.list, '发布', 'Publications', 'upload'),
  ...buttons(2110, 3190, PublicationPerm, ['发布项', 'publication'], [...CRUD, 'publish']),
  page(2111, 2100, 10, 'deliverable', 'ccms/deliverable/index', DeliverablePerm.list, '交付物', 'Deliverables', 'guide'),
  ...buttons(2111, 3440, DeliverablePerm, ['交付物', 'deliverable'], [...CRUD, 'deliver']),
  page(2440, 2100, 8, 'search', 'ccms/search/index', SearchPerm.list, '搜索', 'Search', 'search'),
  ...buttons(2440, 3400, SearchPerm, ['内容', 'content'], ['query']),

  // Team Manager: the System pages for users, roles and departments again, under the spec's names.
  // Their rights come from the System menus' permissions, so these carry none (perms stay unique).
  dir(2200, 0, 3, 'team', '团队管理', 'Team Manager', 'peoples'),
  page(2201, 2200, 1, 'organization', 'system/dept/index', null, '组织', 'Organization', 'tree', { routeName: 'TeamOrganization' }),
  page(2202, 2200, 2, 'member', 'system/user/index', null, '用户', 'User', 'user', { routeName: 'TeamUser' }),
  page(2203, 2200, 3, 'teamRole', 'system/role/index', null, '角色', 'Role', 'peoples', { routeName: 'TeamRole' }),

  // System Manager
  dir(2300, 0, 4, 'manager', '系统配置', 'System Manager', 'component'),
  page(2301, 2300, 1, 'doctype', 'ccms/doctype/index', DoctypePerm.list, '文档类型', 'Doctypes', 'nested'),
  ...buttons(2301, 3100, DoctypePerm, ['文档类型', 'doctype'], [...CRUD]),
  page(2302, 2300, 2, 'template', 'ccms/template/index', TemplatePerm.list, '模板', 'Template', 'form'),
  ...buttons(2302, 3110, TemplatePerm, ['模板', 'template'], [...CRUD]),
  dir(2303, 2300, 3, 'settings', '设置', 'Settings', 'system'),
  page(2310, 2303, 1, 'editorConfig', 'ccms/editorConfig/index', EditorConfigPerm.list, '编辑器配置', 'Editor Config', 'code'),
  ...buttons(2310, 3120, EditorConfigPerm, ['编辑器', 'editor'], [...CRUD]),
  page(2311, 2303, 2, 'product', 'ccms/product/index', ProductPerm.list, '产品', 'Products', 'shopping'),
  ...buttons(2311, 3130, ProductPerm, ['产品', 'product'], [...CRUD, 'import', 'export']),
  page(2312, 2303, 3, 'property', 'ccms/property/index', PropertyPerm.list, '属性', 'Properties', 'list'),
  ...buttons(2312, 3140, PropertyPerm, ['属性', 'property'], [...CRUD]),
  page(2313, 2303, 4, 'tag', 'ccms/tag/index', TagPerm.list, '标签', 'Tags', 'tab'),
  ...buttons(2313, 3150, TagPerm, ['标签', 'tag'], [...CRUD]),
  page(2314, 2303, 5, 'connection', 'ccms/connection/index', ConnectionPerm.list, '交付连接', 'Connections', 'link'),
  ...buttons(2314, 3160, ConnectionPerm, ['连接', 'connection'], [...CRUD]),
  page(2315, 2303, 6, 'projectCategory', 'ccms/project/category', ProjectCategoryPerm.list, '项目类别', 'Project Categories', 'dict'),
  ...buttons(2315, 3170, ProjectCategoryPerm, ['项目类别', 'category'], [...CRUD]),
  // Grammar packages (issue 38): the DTDs an administrator installs; validation and Doctypes use them.
  page(2316, 2303, 7, 'grammar', 'ccms/grammar/index', GrammarPerm.list, '语法包', 'Grammar Packages', 'documentation'),
  ...buttons(2316, 3480, GrammarPerm, ['语法包', 'grammar package'], ['add', 'remove']),

  // Work (projects' plans, tasks, releases; the work item pages use 2420-2439 and 3300-3399)
  dir(2400, 0, 5, 'work', '工作管理', 'Work', 'task'),
  page(2401, 2400, 1, 'plan', 'ccms/plan/index', PlanPerm.list, '计划', 'Plans', 'plan'),
  ...buttons(2401, 3200, PlanPerm, ['计划', 'plan'], [...CRUD, 'export']),
  page(2402, 2400, 2, 'task', 'ccms/task/index', TaskPerm.list, '任务', 'Tasks', 'task'),
  ...buttons(2402, 3210, TaskPerm, ['任务', 'task'], [...CRUD, 'export']),
  page(2403, 2400, 3, 'myTask', 'ccms/task/mine', TaskPerm.mine, '我的任务', 'My Tasks', 'user'),
  page(2404, 2400, 4, 'release', 'ccms/release/index', ReleasePerm.list, '版本', 'Releases', 'release'),
  ...buttons(2404, 3220, ReleasePerm, ['版本', 'release'], [...CRUD, 'export']),
  // Work items (requirements and defects) and the release log. The requirement and defect pages are the
  // same list filtered by type, so they carry no permission of their own (perms stay unique).
  page(2420, 2400, 10, 'workitem', 'ccms/workitem/index', WorkItemPerm.list, '工作项', 'Work Items', 'list'),
  ...buttons(2420, 3300, WorkItemPerm, ['工作项', 'work item'], [...CRUD, 'export']),
  page(2421, 2400, 11, 'demand', 'ccms/workitem/demand', null, '需求', 'Requirements', 'documentation'),
  page(2422, 2400, 12, 'bug', 'ccms/workitem/bug', null, '缺陷', 'Defects', 'bug'),
  page(2423, 2400, 13, 'releaseLog', 'ccms/workitem/releaseLog', ReleaseLogPerm.list, '发布日志', 'Release Log', 'log'),
  ...buttons(2423, 3310, ReleaseLogPerm, ['发布日志', 'release log'], [...CRUD, 'export']),
  // The review workflow of plans and the review comments on topics (issue 16).
  page(2424, 2400, 14, 'workflow', 'ccms/workitem/workflow', WorkflowPerm.query, '工作流', 'Workflow', 'workflow'),
  ...buttons(2424, 3320, WorkflowPerm, ['工作流', 'workflow'], ['act']),
  page(2425, 2400, 15, 'reviewComment', 'ccms/workitem/reviewComment', ReviewCommentPerm.list, '审阅意见', 'Review Comments', 'review'),
  ...buttons(2425, 3330, ReviewCommentPerm, ['审阅意见', 'review comment'], ['add']),

  // RuoYi's System
  dir(1, 0, 90, 'system', '系统管理', 'System', 'system'),
  page(100, 1, 1, 'user', 'system/user/index', UserPerm.list, '用户管理', 'Users', 'user'),
  ...buttons(100, 1000, UserPerm, ['用户', 'user'], [...CRUD, 'export', 'import', 'resetPwd']),
  page(101, 1, 2, 'role', 'system/role/index', RolePerm.list, '角色管理', 'Roles', 'peoples'),
  ...buttons(101, 1007, RolePerm, ['角色', 'role'], [...CRUD, 'export']),
  page(102, 1, 3, 'menu', 'system/menu/index', MenuPerm.list, '菜单管理', 'Menus', 'tree-table'),
  ...buttons(102, 1012, MenuPerm, ['菜单', 'menu'], [...CRUD]),
  page(103, 1, 4, 'dept', 'system/dept/index', DeptPerm.list, '部门管理', 'Departments', 'tree'),
  ...buttons(103, 1016, DeptPerm, ['部门', 'department'], [...CRUD]),
  page(104, 1, 5, 'post', 'system/post/index', PostPerm.list, '岗位管理', 'Posts', 'post'),
  ...buttons(104, 1020, PostPerm, ['岗位', 'post'], [...CRUD, 'export']),
  page(105, 1, 6, 'dict', 'system/dict/index', DictPerm.list, '字典管理', 'Dictionaries', 'dict'),
  ...buttons(105, 1025, DictPerm, ['字典', 'dictionary'], [...CRUD, 'export']),
  page(106, 1, 7, 'config', 'system/config/index', ConfigPerm.list, '参数设置', 'Parameters', 'edit'),
  ...buttons(106, 1030, ConfigPerm, ['参数', 'parameter'], [...CRUD, 'export']),
  page(107, 1, 8, 'notice', 'system/notice/index', NoticePerm.list, '通知公告', 'Notices', 'message'),
  ...buttons(107, 1035, NoticePerm, ['公告', 'notice'], [...CRUD]),
  dir(108, 1, 9, 'log', '日志管理', 'Logs', 'log'),
  page(500, 108, 1, 'operlog', 'monitor/operlog/index', OperLogPerm.list, '操作日志', 'Operation Log', 'form'),
  ...buttons(500, 1039, OperLogPerm, ['操作', 'operation log'], ['query', 'remove', 'export']),
  page(501, 108, 2, 'logininfor', 'monitor/logininfor/index', LoginInfoPerm.list, '登录日志', 'Login Log', 'logininfor'),
  ...buttons(501, 1042, LoginInfoPerm, ['登录', 'login log'], ['query', 'remove', 'export', 'unlock']),
  page(502, 108, 3, 'publishLog', 'ccms/publishLog/index', PublishLogPerm.list, '发布日志', 'Publish Log', 'log'),
  ...buttons(502, 3180, PublishLogPerm, ['发布日志', 'publish log'], ['query', 'remove', 'export']),

  // RuoYi's Monitor
  dir(2, 0, 91, 'monitor', '系统监控', 'Monitor', 'monitor'),
  page(109, 2, 1, 'online', 'monitor/online/index', OnlinePerm.list, '在线用户', 'Online Users', 'online'),
  ...buttons(109, 1046, OnlinePerm, ['在线', 'online user'], ['query', 'batchLogout', 'forceLogout']),
  page(110, 2, 2, 'job', 'monitor/job/index', JobPerm.list, '定时任务', 'Scheduled Jobs', 'job'),
  ...buttons(110, 1049, JobPerm, ['任务', 'job'], [...CRUD, 'changeStatus', 'export']),
  page(112, 2, 3, 'server', 'monitor/server/index', ServerPerm.list, '服务监控', 'Server', 'server'),
  page(113, 2, 4, 'cache', 'monitor/cache/index', CachePerm.list, '缓存监控', 'Cache', 'redis'),
  page(111, 2, 5, 'druid', 'monitor/druid/index', DatasourcePerm.list, '数据监控', 'Datasource', 'druid'),

  // RuoYi's Tool
  dir(3, 0, 92, 'tool', '系统工具', 'Tool', 'tool'),
  page(115, 3, 1, 'build', 'tool/build/index', BuildPerm.list, '表单构建', 'Form Builder', 'build'),
  page(116, 3, 2, 'gen', 'tool/gen/index', GenPerm.list, '代码生成', 'Code Generator', 'code'),
  ...buttons(116, 1055, GenPerm, ['生成', 'table'], ['query', 'edit', 'remove', 'import', 'preview', 'code'], 'generator'),
  page(117, 3, 3, 'swagger', 'tool/swagger/index', SwaggerPerm.list, '系统接口', 'API Docs', 'swagger'),
];

/** Directories whose pages the seeded "common" role may open and read. */
const COMMON_DIRECTORIES = [2000, 2100];

/**
 * Menus the seeded "common" role (roleId 2) gets: the Compliance and Content Manager
 * directories, their pages and each page's query button; nothing administrative. The
 * personal centre, notices bell and dictionaries need only a signed-in user.
 */
export const COMMON_ROLE_MENUS: number[] = SEED_MENUS.filter((m) => {
  if (COMMON_DIRECTORIES.includes(m.menuId)) return true;
  const parent = SEED_MENUS.find((p) => p.menuId === m.parentId);
  if (m.menuType === 'C') return COMMON_DIRECTORIES.includes(m.parentId);
  return m.menuType === 'F' && parent !== undefined && COMMON_DIRECTORIES.includes(parent.parentId) && (m.perms ?? '').endsWith(':query');
}).map((m) => m.menuId);

export async function seedMenus(tx: Tx) {
  await tx.insert(sysMenu).values(SEED_MENUS.map((m) => ({ createBy: 'admin', ...m })));
  if (COMMON_ROLE_MENUS.length > 0) await tx.insert(sysRoleMenu).values(COMMON_ROLE_MENUS.map((menuId) => ({ roleId: 2, menuId })));
}

/** Menus added after the first release: inserted on the first start after the upgrade too (fixed ids, so one present is kept). */
const LATER_MENUS = new Set([2316]);

export async function seedLaterMenus(db: Tx | Db) {
  const later = SEED_MENUS.filter((m) => LATER_MENUS.has(m.menuId) || LATER_MENUS.has(m.parentId));
  await db
    .insert(sysMenu)
    .values(later.map((m) => ({ createBy: 'admin', ...m })))
    .onConflictDoNothing();
}
