/** Home: welcome banner and the dashboard (my projects, my open items, 7-day trends). */
export default {
  welcome: '欢迎，{{name}}',
  intro: '在这里管理文档库、文档、主题与发布，并跟踪项目、计划、任务、需求和缺陷。',
  version: '当前版本：{{version}}',
  myProjects: '我的项目',
  myOpenItems: '我的待办工作项',
  openTotal: '共 {{count}} 项',
  trends: '近 7 天趋势',
  created: '新建',
  resolved: '已解决',
  closed: '已关闭',
  openItems: '未关闭工作项',
  endDate: '结束日期',
  noProjects: '暂无项目',
  noItems: '没有指派给你的未关闭工作项',
  loadFailed: '工作台数据加载失败',
} as const;
