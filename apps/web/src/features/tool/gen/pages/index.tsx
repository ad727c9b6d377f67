import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, ImportOutlined, SyncOutlined } from '@ant-design/icons';
import { GenPerm, type GenTable } from '@ccms/contracts/tool/gen';
import { App, Button, Form, Input, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { ImportDialog } from '../components/ImportDialog';
import { PreviewDialog } from '../components/PreviewDialog';
import { WriteToProjectButton } from '../components/WriteToProjectButton';
import { type GenListParams, genApi } from '../gen-api';
import { genTime } from '../gen-format';
import { genQueries, useDeleteGenTables, useSynchronizeGenTable } from '../gen-queries';

type Filters = Pick<GenListParams, 'tableName' | 'tableComment'>;

/** Tool → 代码生成 (RuoYi tool/gen/index): imported tables, import, edit, preview, synchronise, download. */
export default function GenPage() {
  const { t } = useTranslation('tool');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const [importing, setImporting] = useState(false);
  const [previewId, setPreviewId] = useState<number | undefined>();
  const remove = useDeleteGenTables();
  const synchronize = useSynchronizeGenTable();

  const removeRows = async (rows: readonly GenTable[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('gen.confirmDelete', { names: rows.map((r) => r.tableName).join(', ') }), { type: 'danger' }))) return;
    await remove.mutateAsync(rows.map((r) => r.tableId));
    message.success(t('gen.deleted'));
    list.current?.clearSelection();
  };

  const sync = async (row: GenTable) => {
    if (!(await confirmDialog(t('gen.confirmSync', { name: row.tableName })))) return;
    await synchronize.mutateAsync(row.tableId);
    message.success(t('gen.synchronized'));
  };

  const columns: ListColumn<GenTable>[] = [
    { key: 'tableId', dataIndex: 'tableId', title: t('gen.tableId'), width: 80 },
    { key: 'tableName', dataIndex: 'tableName', title: t('gen.tableName'), sorter: true },
    { key: 'tableComment', dataIndex: 'tableComment', title: t('gen.tableComment') },
    { key: 'entityName', dataIndex: 'entityName', title: t('gen.entityName') },
    { key: 'createTime', dataIndex: 'createTime', title: t('gen.createTime'), sorter: true, width: 170, render: genTime },
    { key: 'updateTime', dataIndex: 'updateTime', title: t('gen.updateTime'), sorter: true, width: 170, render: genTime },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      render: (_: unknown, row: GenTable) => (
        <Space size={0} wrap>
          <HasPermi value={[GenPerm.preview]}>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreviewId(row.tableId)}>
              {t('gen.preview')}
            </Button>
          </HasPermi>
          <HasPermi value={[GenPerm.edit]}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => navigate(`/tool/gen-edit/index/${row.tableId}`)}>
              {t('gen.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={[GenPerm.remove]}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => removeRows([row])}>
              {t('gen.delete')}
            </Button>
          </HasPermi>
          <HasPermi value={[GenPerm.edit]}>
            <Button type="link" size="small" icon={<SyncOutlined />} onClick={() => sync(row)}>
              {t('gen.sync')}
            </Button>
          </HasPermi>
          <HasPermi value={[GenPerm.code]}>
            <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => genApi.download([row.tableId])}>
              {t('gen.generate')}
            </Button>
          </HasPermi>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<GenTable, Filters>
        ref={list}
        listQuery={genQueries.list}
        rowKey="tableId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="tableName" label={t('gen.tableName')}>
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="tableComment" label={t('gen.tableComment')}>
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows }) => (
          <Space wrap>
            <HasPermi value={[GenPerm.code]}>
              <Button
                type="primary"
                ghost
                icon={<DownloadOutlined />}
                disabled={selectedRows.length === 0}
                onClick={() => genApi.download(selectedRows.map((r) => r.tableId))}
              >
                {t('gen.generate')}
              </Button>
            </HasPermi>
            <WriteToProjectButton tableIds={selectedRows.map((r) => r.tableId)} />
            <HasPermi value={[GenPerm.import]}>
              <Button type="primary" ghost icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                {t('gen.import')}
              </Button>
            </HasPermi>
            <HasPermi value={[GenPerm.edit]}>
              <Button icon={<EditOutlined />} disabled={selectedRows.length !== 1} onClick={() => navigate(`/tool/gen-edit/index/${selectedRows[0]?.tableId}`)}>
                {t('gen.edit')}
              </Button>
            </HasPermi>
            <HasPermi value={[GenPerm.remove]}>
              <Button danger icon={<DeleteOutlined />} disabled={selectedRows.length === 0} onClick={() => removeRows(selectedRows)}>
                {t('gen.delete')}
              </Button>
            </HasPermi>
          </Space>
        )}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
      <PreviewDialog tableId={previewId} onClose={() => setPreviewId(undefined)} />
    </>
  );
}
