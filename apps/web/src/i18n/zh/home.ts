/** Home placeholder; later issues add the dashboard panels. */
export default {
  welcome: '欢迎，{{name}}',
  intro: '在这里管理文档库、文档、主题与发布，并跟踪项目、计划、任务、需求和缺陷。',
  version: '当前版本：{{version}}',
  comingSoon: '工作台面板将在后续版本中提供。',
} as const;
