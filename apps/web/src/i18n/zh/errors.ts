/** Error and placeholder pages. */
export default {
  notFoundTitle: '404',
  notFoundHeadline: '找不到网页！',
  notFoundInfo: '对不起，您正在寻找的页面不存在。请检查您输入的网址是否正确，或返回首页。',
  unauthorizedTitle: '401',
  unauthorizedHeadline: '您没有访问权限！',
  unauthorizedInfo: '对不起，您没有访问权限，请不要进行非法操作！您可以返回主页面',
  backHome: '返回首页',
  goBack: '返回',
  notAvailableTitle: '功能尚未开放',
  notAvailableInfo: '页面“{{name}}”尚未提供，后续版本将陆续开放。',
  brokenLink: '错误：链接已失效',
  loadFailed: '页面加载失败，请刷新重试',
  reload: '重新加载',
} as const;
