import { DeleteOutlined, DiffOutlined, PlusOutlined } from '@ant-design/icons';
import { type ComplianceReport, ComplianceReportPerm } from '@ccms/contracts/compliance/compliance-report';
import { App, Button, Card, Drawer, Form, Input, Modal, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { ReportFormDialog } from '../components/ReportFormDialog';
import { ReportView } from '../components/ReportView';
import type { ReportFilters } from '../report-api';
import { reportQueries, useCompare, useDeleteReports } from '../report-queries';

/** Compliance reports (menu component ccms/regulation/report): create, open, freeze, export and compare. */
export default function ComplianceReportPage() {
  const { t } = useTranslation('compliance');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<number | undefined>();
  const [pair, setPair] = useState<[number, number] | null>(null);
  const remove = useDeleteReports();
  const compared = useCompare(pair?.[0], pair?.[1]);

  const removeRows = async (rows: readonly ComplianceReport[]) => {
    if (rows.length === 0 || !(await confirmDialog(t('confirmDelete', { names: rows.map((r) => r.name).join(', ') }), { type: 'danger' }))) return;
    await remove.mutateAsync(rows.map((r) => r.reportId));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const columns: ListColumn<ComplianceReport>[] = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('report.name'),
      render: (v: string, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.reportId)}>
          {v}
        </Button>
      ),
    },
    { key: 'regulation', title: t('report.regulation'), render: (_: unknown, r) => `${r.regulationName} ${r.regulationRevision}` },
    { key: 'scope', title: t('report.scope'), render: (_: unknown, r) => `${t(`report.scopes.${r.scopeType}`)}: ${r.scopeLabel}` },
    {
      key: 'frozen',
      title: t('report.status'),
      width: 100,
      render: (_: unknown, r) => (r.frozen ? <Tag>{t('report.frozen')}</Tag> : <Tag color="blue">{t('report.live')}</Tag>),
    },
    { key: 'createBy', dataIndex: 'createBy', title: t('createBy'), width: 100 },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), width: 160, render: (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '') },
  ];

  return (
    <Card variant="borderless">
      <ListPage<ComplianceReport, ReportFilters>
        ref={list}
        listQuery={(q) => reportQueries.list(q)}
        rowKey="reportId"
        selection="multiple"
        columns={columns}
        searchFields={
          <Form.Item name="name" label={t('report.name')}>
            <Input allowClear style={{ width: 200 }} />
          </Form.Item>
        }
        toolbar={({ selectedRows }) => (
          <>
            <HasPermi value={[ComplianceReportPerm.add]}>
              <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {tc('add')}
              </Button>
            </HasPermi>
            <Button
              icon={<DiffOutlined />}
              disabled={selectedRows.length !== 2}
              onClick={() => setPair([selectedRows[0]?.reportId ?? 0, selectedRows[1]?.reportId ?? 0])}
            >
              {t('report.compare')}
            </Button>
            <HasPermi value={[ComplianceReportPerm.remove]}>
              <Button danger icon={<DeleteOutlined />} disabled={selectedRows.length === 0} onClick={() => removeRows(selectedRows)}>
                {tc('delete')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <ReportFormDialog open={adding} onClose={() => setAdding(false)} onCreated={setOpenId} />
      <Drawer open={openId !== undefined} size={1100} title={t('report.matrix')} onClose={() => setOpenId(undefined)} destroyOnHidden>
        {openId !== undefined && <ReportView reportId={openId} />}
      </Drawer>
      <Modal open={pair !== null} title={t('report.compareTitle')} width={800} footer={null} onCancel={() => setPair(null)} destroyOnHidden>
        <Space style={{ marginBottom: 8 }}>
          <Tag>{`${t('report.left')}: ${compared.data?.left.name ?? ''}`}</Tag>
          <Tag>{`${t('report.right')}: ${compared.data?.right.name ?? ''}`}</Tag>
        </Space>
        <Table
          rowKey="number"
          size="small"
          loading={compared.isFetching}
          dataSource={compared.data?.rows ?? []}
          pagination={{ pageSize: 20 }}
          columns={[
            { key: 'number', dataIndex: 'number', title: t('clause.number') },
            { key: 'title', dataIndex: 'title', title: t('clause.title') },
            { key: 'left', dataIndex: 'left', title: t('report.left'), render: (v: string | null) => (v ? t(`report.verdicts.${v as 'covered'}`) : '') },
            { key: 'right', dataIndex: 'right', title: t('report.right'), render: (v: string | null) => (v ? t(`report.verdicts.${v as 'covered'}`) : '') },
            {
              key: 'changed',
              dataIndex: 'changed',
              title: t('report.changed'),
              render: (v: boolean) => (v ? <Tag color="orange">{t('report.changed')}</Tag> : ''),
            },
          ]}
        />
      </Modal>
    </Card>
  );
}
