/** The words Spec 2300 pages print, in each language the product speaks (zh is the default). */
export interface Ata2300Texts {
  triggeringConditions: string;
  indications: string;
  inhibitConditions: string;
  deferredProcedures: string;
  proviso: string;
  remarks: string;
  cdlPerformance: string;
  timeCritical: string;
  condition: string;
  simultaneousActions: string;
  endOfProcedure: string;
  caution: string;
  repairInterval: string;
  numberRequired: string;
  numberInstalled: string;
  priority: { warning: string; caution: string; advisory: string; status: string };
}

export const ATA2300_TEXTS: Readonly<Record<'zh' | 'en', Ata2300Texts>> = {
  zh: {
    triggeringConditions: '触发条件',
    indications: '指示',
    inhibitConditions: '抑制条件',
    deferredProcedures: '推迟的程序',
    proviso: '附加条件',
    remarks: '备注',
    cdlPerformance: 'CDL 性能',
    timeCritical: '时间紧迫',
    condition: '条件：',
    simultaneousActions: '同时执行的动作',
    endOfProcedure: '— 程序结束 —',
    caution: '注意',
    repairInterval: '修复期限：',
    numberRequired: '签派所需数量：',
    numberInstalled: '安装数量：',
    priority: { warning: '警告', caution: '警戒', advisory: '咨询', status: '状态' },
  },
  en: {
    triggeringConditions: 'Triggering conditions',
    indications: 'Indications',
    inhibitConditions: 'Inhibit conditions',
    deferredProcedures: 'Deferred procedures',
    proviso: 'Proviso',
    remarks: 'Remarks',
    cdlPerformance: 'CDL performance',
    timeCritical: 'TIME CRITICAL',
    condition: 'Condition:',
    simultaneousActions: 'Simultaneous actions',
    endOfProcedure: '— End of procedure —',
    caution: 'Caution',
    repairInterval: 'Repair interval:',
    numberRequired: 'Number required:',
    numberInstalled: 'Number installed:',
    priority: { warning: 'Warning', caution: 'Caution', advisory: 'Advisory', status: 'Status' },
  },
};
