import type { WorkItemHistory } from '@ccms/contracts/work/work-item-collab';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { time } from '../../shared/labels';
import { useWorkItemHistory } from '../work-item-queries';

/** The change history of a work item: one row per changed field. */
export function HistoryTable({ workItemId }: { workItemId: number }) {
  const { t, i18n } = useTranslation('work-item');
  const history = useWorkItemHistory(workItemId);
  const known = (key: string, fallback: string) => (i18n.exists(key, { ns: 'work-item' }) ? t(key as 'tabs.all') : fallback);
  const changeType = (type: string) => known(`history.types.${type}`, known(`actions.${type}`, type));
  const field = (row: WorkItemHistory) => {
    if (row.changeType === 'attachment') return known(`history.attachmentFields.${row.changeField}`, row.changeField);
    if (row.changeType === 'comment') return known(`history.commentFields.${row.changeField}`, row.changeField);
    return known(`fields.${row.changeField}`, row.changeField);
  };
  const BOOLEANS: Record<string, string> = { true: 'conditions.yes', false: 'conditions.no' };
  const value = (row: WorkItemHistory, v: string, label: string) => {
    if (!v) return '';
    // Ids in words (a release, a plan, the parent, users), booleans and enums as the form says them.
    if (label) return label;
    if (BOOLEANS[v] && (row.changeField === 'archived' || row.changeField === 'confidential')) return t(BOOLEANS[v] as 'conditions.yes');
    if (row.changeField === 'delFlag') return v === '1' ? t('conditions.yes') : t('conditions.no');
    if (row.changeField === 'severity') return known(`severities.${v}`, v);
    if (row.changeField === 'status') return known(`statuses.${v}`, v);
    if (row.changeField === 'workItemType') return known(`types.${v}`, v);
    if (row.changeField === 'resolution') return known(`resolutions.${v}`, v);
    if (row.changeField === 'closeReason') return known(`closeReasons.${v}`, v);
    if (/^\d{4}-\d{2}-\d{2}T/.test(v)) return time(v);
    return v;
  };
  return (
    <Table<WorkItemHistory>
      size="small"
      rowKey="historyId"
      data-testid="history-table"
      loading={history.isFetching}
      dataSource={history.data ?? []}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: t('history.empty') }}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'index', dataIndex: 'index', title: t('history.index'), width: 70 },
        { key: 'changeTime', dataIndex: 'changeTime', title: t('history.changeTime'), width: 170, render: time },
        { key: 'changeBy', dataIndex: 'changeBy', title: t('history.changeBy'), width: 110 },
        { key: 'changeType', dataIndex: 'changeType', title: t('history.changeType'), width: 110, render: changeType },
        { key: 'changeField', title: t('history.changeField'), width: 140, render: (_: unknown, r) => field(r) },
        {
          key: 'beforeValue',
          title: t('history.beforeValue'),
          render: (_: unknown, r) => <span style={{ whiteSpace: 'pre-wrap' }}>{value(r, r.beforeValue, r.beforeLabel)}</span>,
        },
        {
          key: 'afterValue',
          title: t('history.afterValue'),
          render: (_: unknown, r) => <span style={{ whiteSpace: 'pre-wrap' }}>{value(r, r.afterValue, r.afterLabel)}</span>,
        },
      ]}
    />
  );
}
