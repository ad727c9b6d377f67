import type { Tx } from '../client';
import { sysDictData, sysDictType } from '../schema';

type Item = [value: string, zh: string, en: string, listClass?: string];

/** Dictionary types with their items: [value, Chinese label, English label, tag style]. */
export const SEED_DICTS: Record<string, { name: string; items: Item[] }> = {
  sys_user_sex: {
    name: '用户性别',
    items: [
      ['0', '男', 'Male'],
      ['1', '女', 'Female'],
      ['2', '未知', 'Unknown'],
    ],
  },
  sys_show_hide: {
    name: '菜单状态',
    items: [
      ['0', '显示', 'Show', 'primary'],
      ['1', '隐藏', 'Hide', 'danger'],
    ],
  },
  sys_menu_type: {
    name: '菜单类型',
    items: [
      ['M', '目录', 'Directory', 'warning'],
      ['C', '菜单', 'Menu', 'success'],
      ['F', '按钮', 'Button', 'info'],
    ],
  },
  sys_menu_frame: {
    name: '菜单外链',
    items: [
      ['1', '否', 'No', 'default'],
      ['0', '是', 'Yes', 'primary'],
    ],
  },
  sys_normal_disable: {
    name: '系统开关',
    items: [
      ['0', '正常', 'Normal', 'primary'],
      ['1', '停用', 'Disabled', 'danger'],
    ],
  },
  sys_job_status: {
    name: '任务状态',
    items: [
      ['0', '正常', 'Normal', 'primary'],
      ['1', '暂停', 'Paused', 'danger'],
    ],
  },
  sys_job_group: {
    name: '任务分组',
    items: [
      ['DEFAULT', '默认', 'Default'],
      ['SYSTEM', '系统', 'System'],
      ['CONTENT', '内容', 'Content'],
    ],
  },
  sys_yes_no: {
    name: '系统是否',
    items: [
      ['Y', '是', 'Yes', 'primary'],
      ['N', '否', 'No', 'danger'],
    ],
  },
  sys_notice_type: {
    name: '通知类型',
    items: [
      ['1', '通知', 'Notice', 'warning'],
      ['2', '公告', 'Announcement', 'success'],
    ],
  },
  sys_notice_status: {
    name: '通知状态',
    items: [
      ['0', '正常', 'Normal', 'primary'],
      ['1', '关闭', 'Closed', 'danger'],
    ],
  },
  sys_oper_type: {
    name: '操作类型',
    items: [
      ['0', '其他', 'Other', 'info'],
      ['1', '新增', 'Insert', 'info'],
      ['2', '修改', 'Update', 'info'],
      ['3', '删除', 'Delete', 'danger'],
      ['4', '授权', 'Grant', 'primary'],
      ['5', '导出', 'Export', 'warning'],
      ['6', '导入', 'Import', 'warning'],
      ['7', '强退', 'Force logout', 'danger'],
      ['8', '清空', 'Clean', 'danger'],
    ],
  },
  sys_common_status: {
    name: '系统状态',
    items: [
      ['0', '成功', 'Success', 'primary'],
      ['1', '失败', 'Failure', 'danger'],
    ],
  },
  ccms_library_type: {
    name: '库类型',
    items: [
      ['DITA', 'DITA', 'DITA'],
      ['AirbusFlightOps', 'AirbusFlightOps', 'AirbusFlightOps'],
      ['FTID', 'FTID', 'FTID'],
      ['S1000D', 'S1000D', 'S1000D'],
      ['ATA2300', 'ATA2300', 'ATA2300'],
    ],
  },
  ccms_document_status: {
    name: '文档状态',
    items: [
      ['draft', '草稿', 'Draft', 'info'],
      ['review', '审阅中', 'Under review', 'warning'],
      ['approved', '已批准', 'Approved', 'success'],
      ['published', '已发布', 'Published', 'primary'],
      ['distributed', '已分发', 'Distributed', 'primary'],
      ['archived', '已归档', 'Archived', 'default'],
    ],
  },
  ccms_topic_status: {
    name: '主题状态',
    items: [
      ['draft', '草稿', 'Draft', 'info'],
      ['review', '审阅中', 'Under review', 'warning'],
      ['approved', '已批准', 'Approved', 'success'],
      ['archived', '已归档', 'Archived', 'default'],
    ],
  },
  ccms_output_status: {
    name: '输出状态',
    items: [
      ['0', '未开始', 'Not started', 'info'],
      ['1', '成功', 'Success', 'success'],
      ['2', '失败', 'Fail', 'danger'],
    ],
  },
  ccms_project_status: {
    name: '项目状态',
    items: [
      ['0', '正常', 'Normal', 'primary'],
      ['1', '关闭', 'Close', 'danger'],
    ],
  },
  ccms_project_category: {
    name: '项目类别',
    items: [
      ['manual', '手册编写', 'Manual authoring'],
      ['revision', '手册改版', 'Manual revision'],
      ['translation', '翻译', 'Translation'],
    ],
  },
  ccms_project_refresh: {
    name: '项目更新周期',
    items: [
      ['minutes', '每分钟', 'Minutes'],
      ['hour', '每小时', 'Hourly'],
      ['day', '每天', 'Daily'],
      ['never', '从不', 'Never'],
    ],
  },
  ccms_task_status: {
    name: '任务状态',
    items: [
      ['new', '新建', 'New', 'info'],
      ['notstarted', '未开始', 'Not started', 'default'],
      ['doing', '进行中', 'In progress', 'warning'],
      ['done', '已完成', 'Completed', 'success'],
    ],
  },
  ccms_permission_level: {
    name: '权限级别',
    items: [
      ['admin', '管理', 'Admin', 'danger'],
      ['owner', '所有者', 'Owner', 'warning'],
      ['write', '写', 'Write', 'primary'],
      ['read', '读', 'Read', 'info'],
    ],
  },
  ccms_publish_format: {
    name: '发布格式',
    items: [
      ['html5', 'HTML5', 'HTML5'],
      ['pdf', 'PDF', 'PDF'],
    ],
  },
  ccms_language: {
    name: '内容语言',
    items: [
      ['zh-CN', '中文', 'Chinese'],
      ['en-US', '英文', 'English'],
    ],
  },
};

export async function seedDicts(tx: Tx) {
  for (const [dictType, { name, items }] of Object.entries(SEED_DICTS)) {
    await tx.insert(sysDictType).values({ dictName: name, dictType, createBy: 'admin' });
    await tx.insert(sysDictData).values(
      items.map(([dictValue, dictLabel, dictLabelEn, listClass], i) => ({
        dictSort: i + 1,
        dictLabel,
        dictLabelEn,
        dictValue,
        dictType,
        listClass: listClass ?? 'default',
        isDefault: i === 0 ? 'Y' : 'N',
        createBy: 'admin',
      })),
    );
  }
}
