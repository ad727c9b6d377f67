/** The publish log (ccms/publishLog). */
export default {
  log: {
    logId: '编号',
    publication: '发布',
    library: '库',
    errors: '错误',
    warnings: '警告',
    duration: '耗时',
    ms: '{{n}} 毫秒',
    operName: '发布人',
    startTime: '开始时间',
  },
};
