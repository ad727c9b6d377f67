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
} as const;
