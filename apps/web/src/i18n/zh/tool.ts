/** System tools (tool/*): the API manual. */
export default {
  swagger: {
    title: '系统接口',
    openNewWindow: '在新窗口打开',
  },
};
