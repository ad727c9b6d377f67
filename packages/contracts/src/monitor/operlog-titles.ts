import type { Language } from '../constants';

/**
 * The operation log's module titles. A route declares its entry's title as a stable key
 * (config.log.title); the row keeps the key and the log answers the module's display name in the
 * caller's language, as RuoYi's @Log(title = "用户管理") shows it. A key missing here is answered as is.
 */
export const OPER_LOG_TITLES: Record<string, { zh: string; en: string }> = {
  // System
  user: { zh: '用户管理', en: 'User management' },
  role: { zh: '角色管理', en: 'Role management' },
  menu: { zh: '菜单管理', en: 'Menu management' },
  dept: { zh: '部门管理', en: 'Department management' },
  post: { zh: '岗位管理', en: 'Post management' },
  'dict type': { zh: '字典类型', en: 'Dictionary types' },
  'dict data': { zh: '字典数据', en: 'Dictionary data' },
  config: { zh: '参数管理', en: 'Parameter settings' },
  notice: { zh: '通知公告', en: 'Notices' },
  notification: { zh: '消息通知', en: 'Notifications' },
  profile: { zh: '个人信息', en: 'Profile' },
  register: { zh: '用户注册', en: 'Registration' },
  sso: { zh: '单点登录', en: 'Single sign-on' },
  download: { zh: '文件下载', en: 'Downloads' },
  upload: { zh: '文件上传', en: 'File upload' },
  // Monitor and tools
  operlog: { zh: '操作日志', en: 'Operation log' },
  logininfor: { zh: '登录日志', en: 'Login log' },
  online: { zh: '在线用户', en: 'Online users' },
  cache: { zh: '缓存列表', en: 'Cache list' },
  job: { zh: '定时任务', en: 'Scheduled jobs' },
  jobLog: { zh: '定时任务调度日志', en: 'Job log' },
  gen: { zh: '代码生成', en: 'Code generator' },
  // Compliance
  regulation: { zh: '法规', en: 'Regulations' },
  'regulation clause': { zh: '法规条款', en: 'Regulation clauses' },
  'regulation relationship': { zh: '法规关系', en: 'Regulation relationships' },
  'compliance report': { zh: '合规报告', en: 'Compliance reports' },
  // Content
  explorer: { zh: '资源浏览器', en: 'Explorer' },
  library: { zh: '库管理', en: 'Libraries' },
  'library config': { zh: '库配置', en: 'Library settings' },
  'library permission': { zh: '库权限', en: 'Library permissions' },
  document: { zh: '文档管理', en: 'Documents' },
  topic: { zh: '主题管理', en: 'Topics' },
  'topic-editor': { zh: '主题编辑器', en: 'Topic editor' },
  'map-editor': { zh: '映射编辑器', en: 'Map editor' },
  graphic: { zh: '资源管理', en: 'Resources' },
  video: { zh: '视频', en: 'Videos' },
  abbreviation: { zh: '缩略语', en: 'Abbreviations' },
  term: { zh: '术语', en: 'Terms' },
  catalog: { zh: '目录索引', en: 'Catalog index' },
  s1000d: { zh: 'S1000D数据模块', en: 'S1000D data modules' },
  transfer: { zh: 'S1000D传输包', en: 'S1000D transfer packages' },
  'flightops freeze': { zh: '飞行运行手册冻结', en: 'Flight operations freeze' },
  'flightops revision': { zh: '飞行运行手册修订', en: 'Flight operations revisions' },
  translation: { zh: '翻译', en: 'Translations' },
  // System manager
  doctype: { zh: '文档类型', en: 'Doctypes' },
  xmlProfile: { zh: 'XML配置', en: 'XML profiles' },
  template: { zh: '模板', en: 'Templates' },
  editorConfig: { zh: '编辑器配置', en: 'Editor settings' },
  product: { zh: '产品', en: 'Products' },
  property: { zh: '属性', en: 'Properties' },
  tag: { zh: '标签', en: 'Tags' },
  grammar: { zh: '语法包', en: 'Grammar packages' },
  connection: { zh: '交付连接', en: 'Connections' },
  // Publishing
  publication: { zh: '发布', en: 'Publications' },
  publishLog: { zh: '发布日志', en: 'Publish log' },
  deliverable: { zh: '交付物', en: 'Deliverables' },
  output: { zh: '发布输出', en: 'Publication outputs' },
  // Work
  project: { zh: '项目', en: 'Projects' },
  'project category': { zh: '项目类别', en: 'Project categories' },
  'project config': { zh: '项目配置', en: 'Project settings' },
  plan: { zh: '计划', en: 'Plans' },
  task: { zh: '任务', en: 'Tasks' },
  release: { zh: '版本', en: 'Releases' },
  releaseLog: { zh: '版本日志', en: 'Release log' },
  workitem: { zh: '工作项', en: 'Work items' },
  workflow: { zh: '工作流', en: 'Workflow' },
  'review-comment': { zh: '审阅意见', en: 'Review comments' },
};

/** The display name of a stored title in `lang`; a title with no entry is shown as stored. */
export function operLogTitle(title: string, lang: Language): string {
  return Object.hasOwn(OPER_LOG_TITLES, title) ? (OPER_LOG_TITLES[title]?.[lang] ?? title) : title;
}

/** The stored titles whose display name in either language contains `text` (case-insensitive). */
export function operLogTitleKeys(text: string): string[] {
  const wanted = text.toLowerCase();
  return Object.entries(OPER_LOG_TITLES)
    .filter(([, names]) => names.zh.toLowerCase().includes(wanted) || names.en.toLowerCase().includes(wanted))
    .map(([key]) => key);
}
