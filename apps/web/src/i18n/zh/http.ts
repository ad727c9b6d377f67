import { commonMessages } from '@ccms/contracts/messages/common';

const m = commonMessages.zh;

/** The request layer's messages (spec section 8); the shared ones come from the server's catalogue. */
export default {
  sessionExpiredPrompt: '登录状态已过期，您可以继续留在该页面，或者重新登录',
  relogin: '重新登录',
  sessionInvalid: m['session.invalid'],
  code401: m['error.401'],
  code403: m['error.403'],
  code404: m['error.404'],
  codeDefault: '系统未知错误，请反馈给管理员',
  networkError: '后端接口连接异常',
  timeout: '系统接口请求超时',
  httpStatus: '系统接口{{status}}异常',
  duplicateSubmit: m.duplicateSubmit,
  downloadError: '下载文件出现错误，请联系管理员！',
  downloading: '正在下载数据，请稍候',
  /** What a 403 answer said was missing, to see a screen or to do an action. */
  denied: {
    right: '需要权限“{{name}}”（{{perms}}）才能{{purpose}}',
    rightNoName: '需要权限 {{perms}} 才能{{purpose}}',
    oneOf: '需要以下权限之一才能{{purpose}}：{{rights}}',
    level: '需要对该{{object}}至少拥有“{{level}}”级别才能{{purpose}}',
    separator: '；',
    purposes: { see: '查看此内容', do: '执行此操作' },
    objects: { library: '库', project: '项目', regulation: '法规' },
    levels: { owner: '所有者', admin: '管理员', write: '写', publish: '发布', read: '读' },
  },
} as const;
