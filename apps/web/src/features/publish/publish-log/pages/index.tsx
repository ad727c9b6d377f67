import { type PublishLog, PublishLogPerm } from '@ccms/contracts/publish/publication';
import { DatePicker, Form, Input, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CrudButtons } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage } from '../../../../shared/list/ListPage';
import { type PublishLogFilters, publishLogApi, publishLogFilters } from '../publish-log-api';
import { publishLogQueries } from '../publish-log-queries';

const COLORS: Record<string, string> = { running: 'processing', success: 'success', fail: 'error', canceled: 'warning' };

/** Publish log (System → Logs → Publish log): who published what, which commit, how long, the result and problem counts. */
export default function PublishLogPage() {
  const { t } = useTranslation('publish-log');
  const { t: tp } = useTranslation('publication');
  const { t: to } = useTranslation('output');
  const columns: ListColumn<PublishLog>[] = [
    { key: 'logId', dataIndex: 'logId', title: t('log.logId'), width: 90 },
    { key: 'publicationName', dataIndex: 'publicationName', title: t('log.publication') },
    { key: 'libraryName', dataIndex: 'libraryName', title: t('log.library') },
    { key: 'ditaMap', dataIndex: 'ditaMap', title: tp('fields.ditaMap'), ellipsis: true },
    { key: 'configName', dataIndex: 'configName', title: to('output.config') },
    { key: 'format', dataIndex: 'format', title: to('output.format'), width: 80 },
    { key: 'commit', dataIndex: 'commit', title: to('output.commit'), width: 100, render: (v: string) => v.slice(0, 8) },
    {
      key: 'status',
      dataIndex: 'status',
      title: to('output.status'),
      width: 100,
      render: (v: string) => <Tag color={COLORS[v]}>{to(`statuses.${v}` as 'statuses.success')}</Tag>,
    },
    { key: 'errorCount', dataIndex: 'errorCount', title: t('log.errors'), width: 80 },
    { key: 'warningCount', dataIndex: 'warningCount', title: t('log.warnings'), width: 80 },
    { key: 'durationMs', dataIndex: 'durationMs', title: t('log.duration'), width: 110, sorter: true, render: (v: number) => t('log.ms', { n: v }) },
    { key: 'operName', dataIndex: 'operName', title: t('log.operName'), width: 110 },
    {
      key: 'startTime',
      dataIndex: 'startTime',
      title: t('log.startTime'),
      width: 180,
      sorter: true,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
  ];
  const statuses = ['success', 'fail', 'running', 'canceled'].map((s) => ({ value: s, label: to(`statuses.${s}` as 'statuses.success') }));
  return (
    <ListPage<PublishLog, PublishLogFilters>
      listQuery={publishLogQueries.list}
      toQuery={publishLogFilters}
      rowKey="logId"
      columns={columns}
      searchFields={
        <>
          <Form.Item name="publicationName" label={t('log.publication')}>
            <Input allowClear style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="ditaMap" label={tp('fields.ditaMap')}>
            <Input allowClear style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="operName" label={t('log.operName')}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="status" label={to('output.status')}>
            <Select allowClear options={statuses} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="dateRange" label={t('log.startTime')}>
            <DatePicker.RangePicker style={{ width: 260 }} />
          </Form.Item>
        </>
      }
      toolbar={({ selectedRows, query }) => (
        <CrudButtons selected={selectedRows} export={{ perm: PublishLogPerm.export, onClick: () => publishLogApi.export(query) }} />
      )}
    />
  );
}
