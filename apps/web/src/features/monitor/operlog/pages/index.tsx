import { ClearOutlined, EyeOutlined } from '@ant-design/icons';
import type { OperLog } from '@ccms/contracts/monitor/operlog';
import { App, Button, DatePicker, Form, Input, Select } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDicts } from '../../../../shared/dict/use-dict';
import { dateTime } from '../../../../shared/format';
import { CrudButtons } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import '../../monitor.css';
import { OperLogDetailDialog } from '../components/OperLogDetailDialog';
import { type OperLogFilters, operLogApi, operLogFilters } from '../operlog-api';
import { operLogQueries, useCleanOperLog, useDeleteOperLogs } from '../operlog-queries';

/** Operation log (RuoYi monitor/operlog/index): search, detail dialog, delete, clean, export. */
export default function OperLogPage() {
  const { t } = useTranslation('monitor');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const { sys_oper_type: types, sys_common_status: statuses } = useDicts('sys_oper_type', 'sys_common_status');
  const list = useRef<ListPageHandle>(null);
  const [detail, setDetail] = useState<OperLog | null>(null);
  const deleteLogs = useDeleteOperLogs();
  const cleanLog = useCleanOperLog();

  const done = (text: string) => {
    message.success(text);
    list.current?.clearSelection();
  };

  const remove = async (rows: readonly OperLog[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('operlog.confirmDelete', { ids: rows.map((r) => r.operId).join(', ') }), { type: 'danger' }))) return;
    await deleteLogs.mutateAsync(rows.map((r) => r.operId));
    done(t('operlog.deleted'));
  };

  const clean = async () => {
    if (!(await confirmDialog(t('operlog.confirmClean'), { type: 'danger' }))) return;
    await cleanLog.mutateAsync();
    done(t('operlog.cleaned'));
  };

  const columns: ListColumn<OperLog>[] = [
    { key: 'operId', dataIndex: 'operId', title: t('operlog.operId'), width: 100 },
    { key: 'title', dataIndex: 'title', title: t('operlog.title') },
    {
      key: 'businessType',
      dataIndex: 'businessType',
      title: t('operlog.businessType'),
      width: 120,
      render: (v: number) => <DictTag options={types} value={String(v)} />,
    },
    { key: 'operName', dataIndex: 'operName', title: t('operlog.operName'), sorter: true },
    { key: 'operIp', dataIndex: 'operIp', title: t('operlog.operIp') },
    { key: 'operLocation', dataIndex: 'operLocation', title: t('operlog.operLocation'), defaultHidden: true },
    { key: 'status', dataIndex: 'status', title: t('operlog.status'), width: 110, render: (v: number) => <DictTag options={statuses} value={String(v)} /> },
    { key: 'operTime', dataIndex: 'operTime', title: t('operlog.operTime'), width: 180, sorter: true, render: dateTime },
    { key: 'costTime', dataIndex: 'costTime', title: t('operlog.costTime'), width: 120, sorter: true, render: (v: number) => t('operlog.ms', { n: v }) },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 100,
      fixed: 'right',
      render: (_: unknown, row: OperLog) => (
        <HasPermi value={['monitor:operlog:query']}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDetail(row)}>
            {t('operlog.detail')}
          </Button>
        </HasPermi>
      ),
    },
  ];

  return (
    <>
      <ListPage<OperLog, OperLogFilters>
        ref={list}
        listQuery={operLogQueries.list}
        toQuery={operLogFilters}
        rowKey="operId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="operIp" label={t('operlog.operIp')}>
              <Input allowClear placeholder={t('operlog.operIpPlaceholder')} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="title" label={t('operlog.title')}>
              <Input allowClear placeholder={t('operlog.titlePlaceholder')} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="operName" label={t('operlog.operName')}>
              <Input allowClear placeholder={t('operlog.operNamePlaceholder')} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="businessType" label={t('operlog.businessType')}>
              <Select allowClear placeholder={t('operlog.businessTypePlaceholder')} options={types} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="status" label={t('operlog.status')}>
              <Select allowClear placeholder={t('operlog.statusPlaceholder')} options={statuses} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="dateRange" label={t('operlog.operTime')}>
              <DatePicker.RangePicker placeholder={[t('beginDate'), t('endDate')]} style={{ width: 260 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows, query }) => (
          <CrudButtons
            selected={selectedRows}
            remove={{ perm: 'monitor:operlog:remove', onClick: remove }}
            export={{ perm: 'monitor:operlog:export', onClick: () => operLogApi.export(query) }}
          >
            <HasPermi value={['monitor:operlog:remove']}>
              <Button danger icon={<ClearOutlined />} onClick={clean}>
                {t('operlog.clean')}
              </Button>
            </HasPermi>
          </CrudButtons>
        )}
      />
      <OperLogDetailDialog log={detail} onClose={() => setDetail(null)} />
    </>
  );
}
