import { SyncOutlined } from '@ant-design/icons';
import type { DictType } from '@ccms/contracts/system/dict';
import { App, Button, DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDict } from '../../../../shared/dict/use-dict';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { DictTypeFormDialog } from '../components/DictTypeFormDialog';
import { type DictTypeFilters, dictApi, typeFilters } from '../dict-api';
import { dictQueries, useDeleteDictTypes, useRefreshDictCache } from '../dict-queries';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Dictionary types (RuoYi system/dict/index): search, list, add/edit, delete, export, refresh cache; a type opens its items. */
export default function DictTypePage() {
  const { t } = useTranslation('dict');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; dictId: number | undefined }>({ open: false, dictId: undefined });
  const deleteTypes = useDeleteDictTypes();
  const refreshDictCache = useRefreshDictCache();

  const remove = async (rows: readonly DictType[]) => {
    if (rows.length === 0) return;
    const ok = await confirmDialog(t('confirmDeleteType', { ids: rows.map((r) => r.dictId).join(', ') }), { type: 'danger' });
    if (!ok) return;
    await deleteTypes.mutateAsync(rows.map((r) => r.dictId));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const refreshCache = async () => {
    // Every dictionary-backed select and tag reads again.
    await refreshDictCache.mutateAsync();
    message.success(t('cacheRefreshed'));
  };

  const columns: ListColumn<DictType>[] = [
    { key: 'dictId', dataIndex: 'dictId', title: t('dictId'), width: 110 },
    { key: 'dictName', dataIndex: 'dictName', title: t('dictName'), ellipsis: true },
    {
      key: 'dictType',
      dataIndex: 'dictType',
      title: t('dictType'),
      render: (v: string, row: DictType) => (
        <Link to={`/system/dict-data/index/${row.dictId}`} title={t('openData', { name: row.dictName })}>
          {v}
        </Link>
      ),
    },
    { key: 'status', dataIndex: 'status', title: t('status'), width: 100, render: (v: string) => <DictTag options={statuses} value={v} /> },
    { key: 'remark', dataIndex: 'remark', title: t('remark'), ellipsis: true },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), width: 180, render: time },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 160,
      fixed: 'right',
      render: (_: unknown, row: DictType) => (
        <CrudLinks
          row={row}
          edit={{ perm: 'system:dict:edit', onClick: (r) => setDialog({ open: true, dictId: r.dictId }) }}
          remove={{ perm: 'system:dict:remove', onClick: remove }}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage<DictType, DictTypeFilters>
        ref={list}
        listQuery={dictQueries.list}
        toQuery={typeFilters}
        rowKey="dictId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="dictName" label={t('dictName')}>
              <Input allowClear placeholder={t('dictNamePlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="dictType" label={t('dictType')}>
              <Input allowClear placeholder={t('dictTypePlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select allowClear placeholder={t('statusPlaceholder')} options={statuses} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="dateRange" label={t('createTime')}>
              <DatePicker.RangePicker placeholder={[t('beginDate'), t('endDate')]} style={{ width: 260 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows, query }) => (
          <>
            <CrudButtons
              selected={selectedRows}
              add={{ perm: 'system:dict:add', onClick: () => setDialog({ open: true, dictId: undefined }) }}
              edit={{ perm: 'system:dict:edit', onClick: (row) => setDialog({ open: true, dictId: row.dictId }) }}
              remove={{ perm: 'system:dict:remove', onClick: remove }}
              export={{ perm: 'system:dict:export', onClick: () => dictApi.types.export(query) }}
            />
            <HasPermi value={['system:dict:remove']}>
              <Button danger icon={<SyncOutlined />} onClick={refreshCache}>
                {t('refreshCache')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <DictTypeFormDialog open={dialog.open} dictId={dialog.dictId} onClose={() => setDialog({ open: false, dictId: undefined })} />
    </>
  );
}
