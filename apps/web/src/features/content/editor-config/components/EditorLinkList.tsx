import { EditorConfigPerm, type EditorLink } from '@ccms/contracts/content/editor-config';
import { App, Form, Image, Input, Select, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceUrl } from '../../../../api/client';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDict } from '../../../../shared/dict/use-dict';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import type { EditorLinkFilters } from '../editor-config-api';
import { editorConfigQueries, useDeleteEditorLinks } from '../editor-config-queries';
import { EditorLinkFormDialog } from './EditorLinkFormDialog';

/** Links to external URL-based XML editors, each with the file types it opens. */
export function EditorLinkList() {
  const { t } = useTranslation('editor-config');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; linkId: number | undefined }>({ open: false, linkId: undefined });
  const deleteLinks = useDeleteEditorLinks();

  const remove = async (rows: readonly EditorLink[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { names: rows.map((r) => r.label).join(', ') }), { type: 'danger' }))) return;
    await deleteLinks.mutateAsync(rows.map((r) => r.linkId));
    message.success(tc('success'));
    list.current?.clearSelection();
  };

  const columns: ListColumn<EditorLink>[] = [
    {
      key: 'icon',
      dataIndex: 'icon',
      title: t('icon'),
      width: 70,
      render: (v: string) => (v ? <Image src={resourceUrl(v)} width={28} height={28} preview={false} /> : null),
    },
    { key: 'label', dataIndex: 'label', title: t('label'), width: 160 },
    { key: 'serverAddress', dataIndex: 'serverAddress', title: t('serverAddress'), ellipsis: true },
    { key: 'parameter', dataIndex: 'parameter', title: t('parameter'), ellipsis: true, defaultHidden: true },
    { key: 'associationTypes', dataIndex: 'associationTypes', title: t('associationTypes'), render: (v: string[]) => v.map((s) => <Tag key={s}>{s}</Tag>) },
    { key: 'target', dataIndex: 'target', title: t('target'), width: 110, render: (v: string) => (v === 'window' ? t('targets.window') : t('targets.frame')) },
    { key: 'isDefault', dataIndex: 'isDefault', title: t('isDefault'), width: 80, render: (v: string) => (v === 'Y' ? t('yes') : t('no')) },
    { key: 'status', dataIndex: 'status', title: t('status'), width: 90, render: (v: string) => <DictTag options={statuses} value={v} /> },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 150,
      fixed: 'right',
      render: (_: unknown, row: EditorLink) => (
        <CrudLinks
          row={row}
          edit={{ perm: EditorConfigPerm.edit, onClick: (r) => setDialog({ open: true, linkId: r.linkId }) }}
          remove={{ perm: EditorConfigPerm.remove, onClick: remove }}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage<EditorLink, EditorLinkFilters>
        ref={list}
        listQuery={editorConfigQueries.links}
        rowKey="linkId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="label" label={t('label')}>
              <Input allowClear placeholder={t('labelPlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select allowClear options={statuses} style={{ width: 140 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows }) => (
          <CrudButtons
            selected={selectedRows}
            add={{ perm: EditorConfigPerm.add, onClick: () => setDialog({ open: true, linkId: undefined }) }}
            remove={{ perm: EditorConfigPerm.remove, onClick: remove }}
          />
        )}
      />
      <EditorLinkFormDialog open={dialog.open} linkId={dialog.linkId} onClose={() => setDialog({ open: false, linkId: undefined })} />
    </>
  );
}
