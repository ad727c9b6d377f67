import { CloudUploadOutlined } from '@ant-design/icons';
import { type Grammar, type GrammarKind, GrammarPerm } from '@ccms/contracts/content/grammar';
import { App, Button, Form, Input, Tag } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import type { GrammarFilters } from '../grammar-api';
import { grammarQueries, useDeleteGrammars } from '../grammar-queries';
import { GrammarHint } from './GrammarHint';
import { GrammarInstallDialog } from './GrammarInstallDialog';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');
const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * Grammar packages an administrator installs (none ships with the product): DITA DTDs, S1000D
 * schemas, S1000D default BREX; validation, Doctypes and the S1000D catalogue use them.
 */
export function GrammarList() {
  const { t } = useTranslation('grammar');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [installing, setInstalling] = useState(false);
  const deleteGrammars = useDeleteGrammars();

  const remove = async (rows: readonly Grammar[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { names: rows.map((r) => r.name).join(', ') }), { type: 'danger' }))) return;
    await deleteGrammars.mutateAsync(rows.map((r) => r.grammarId));
    message.success(tc('success'));
    list.current?.clearSelection();
  };

  const columns: ListColumn<Grammar>[] = [
    { key: 'name', dataIndex: 'name', title: t('name'), width: 180 },
    { key: 'standard', dataIndex: 'standard', title: t('standard'), width: 100 },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('kind'),
      width: 150,
      render: (kind: GrammarKind, row: Grammar) => t(row.standard === 'ATA2300' ? 'kinds.ata2300' : `kinds.${kind}`),
    },
    {
      key: 'version',
      dataIndex: 'version',
      title: t('version'),
      width: 200,
      // A default BREX package covers several issues ("4.1, 5.0"): one tag each.
      render: (v: string, row: Grammar) => v.split(/,\s*/).map((version) => <Tag key={version} color="blue">{`${row.standard} ${version}`}</Tag>),
    },
    { key: 'fileCount', dataIndex: 'fileCount', title: t('fileCount'), width: 100 },
    { key: 'catalogPath', dataIndex: 'catalogPath', title: t('catalogPath'), ellipsis: true },
    { key: 'fileName', dataIndex: 'fileName', title: t('fileName'), ellipsis: true, defaultHidden: true },
    { key: 'size', dataIndex: 'size', title: t('size'), width: 100, render: size },
    { key: 'createBy', dataIndex: 'createBy', title: t('createBy'), width: 120 },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), width: 170, render: time },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 100,
      fixed: 'right',
      render: (_: unknown, row: Grammar) => <CrudLinks row={row} remove={{ perm: GrammarPerm.remove, onClick: remove }} />,
    },
  ];

  return (
    <>
      <GrammarHint />
      <ListPage<Grammar, GrammarFilters>
        ref={list}
        listQuery={grammarQueries.list}
        rowKey="grammarId"
        selection="multiple"
        columns={columns}
        searchFields={
          <Form.Item name="name" label={t('name')}>
            <Input allowClear placeholder={t('namePlaceholder')} style={{ width: 200 }} />
          </Form.Item>
        }
        toolbar={({ selectedRows }) => (
          <>
            <HasPermi value={[GrammarPerm.add]}>
              <Button type="primary" ghost icon={<CloudUploadOutlined />} onClick={() => setInstalling(true)}>
                {t('install')}
              </Button>
            </HasPermi>
            <CrudButtons selected={selectedRows} remove={{ perm: GrammarPerm.remove, onClick: remove }} />
          </>
        )}
      />
      <GrammarInstallDialog open={installing} onClose={() => setInstalling(false)} />
    </>
  );
}
