import type { DbTable } from '@ccms/contracts/tool/gen';
import { App, Button, Form, Input, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageParams } from '../../../../shared/list/query';
import { genTime } from '../gen-format';
import { useDbTables, useImportTables } from '../gen-queries';

type Filters = { tableName: string; tableComment: string };

/** Import tables (RuoYi importTable): the database's tables not imported yet, with their comments and times. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tool');
  const { message } = App.useApp();
  const [params, setParams] = useState<Filters & PageParams>({ pageNum: 1, pageSize: 10, tableName: '', tableComment: '' });
  const [selected, setSelected] = useState<string[]>([]);
  const tables = useDbTables(params, open);
  const importTables = useImportTables();
  const [form] = Form.useForm<{ tableName: string; tableComment: string }>();

  const submit = async () => {
    if (selected.length === 0) {
      message.error(t('gen.chooseTables'));
      return;
    }
    await importTables.mutateAsync(selected);
    message.success(t('gen.imported'));
    setSelected([]);
    onClose();
  };

  return (
    <Modal title={t('gen.importTitle')} open={open} onCancel={onClose} onOk={submit} confirmLoading={importTables.isPending} width={960} destroyOnHidden>
      <Form
        form={form}
        name="gen-import"
        layout="inline"
        onFinish={(v) => setParams((p) => ({ ...p, pageNum: 1, tableName: v.tableName ?? '', tableComment: v.tableComment ?? '' }))}
        style={{ marginBottom: 12 }}
      >
        <Form.Item name="tableName" label={t('gen.tableName')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="tableComment" label={t('gen.tableComment')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('gen.search')}
          </Button>
        </Space>
      </Form>
      <Table<DbTable>
        rowKey="tableName"
        size="small"
        loading={tables.isFetching}
        dataSource={tables.data?.rows ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
        onRow={(row) => ({ onClick: () => setSelected((s) => (s.includes(row.tableName) ? s.filter((x) => x !== row.tableName) : [...s, row.tableName])) })}
        onChange={(_page, _filters, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const column = typeof s?.field === 'string' ? s.field : undefined;
          setParams(({ orderByColumn: _, isAsc: __, ...p }) => ({
            ...p,
            pageNum: 1,
            ...(s?.order && column ? { orderByColumn: column, isAsc: s.order === 'ascend' ? 'ascending' : 'descending' } : {}),
          }));
        }}
        pagination={{
          current: params.pageNum,
          pageSize: params.pageSize,
          total: tables.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setParams((p) => ({ ...p, pageNum, pageSize })),
        }}
        columns={[
          { key: 'tableName', dataIndex: 'tableName', title: t('gen.tableName') },
          { key: 'tableComment', dataIndex: 'tableComment', title: t('gen.tableComment') },
          { key: 'columns', dataIndex: 'columns', title: t('gen.columnCount'), width: 90, align: 'right' },
          { key: 'createTime', dataIndex: 'createTime', title: t('gen.createTime'), width: 170, sorter: true, render: genTime },
          { key: 'updateTime', dataIndex: 'updateTime', title: t('gen.updateTime'), width: 170, sorter: true, render: genTime },
        ]}
      />
    </Modal>
  );
}
