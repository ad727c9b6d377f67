import { BUILT_IN_EDITORS, type Doctype, DoctypePerm } from '@ccms/contracts/content/doctype';
import { App, Form, Input, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDict } from '../../../../shared/dict/use-dict';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { GrammarHint } from '../../grammar/components/GrammarHint';
import type { DoctypeFilters } from '../doctype-api';
import { doctypeQueries, useDeleteDoctypes } from '../doctype-queries';
import { DoctypeFormDialog } from './DoctypeFormDialog';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Document types: which roots make a type, its grammar, validation on save, default template and editor. */
export function DoctypeList() {
  const { t } = useTranslation('doctype');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; doctypeId: number | undefined }>({ open: false, doctypeId: undefined });
  const deleteDoctypes = useDeleteDoctypes();

  const remove = async (rows: readonly Doctype[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { names: rows.map((r) => r.doctypeName).join(', ') }), { type: 'danger' }))) return;
    await deleteDoctypes.mutateAsync(rows.map((r) => r.doctypeId));
    message.success(tc('success'));
    list.current?.clearSelection();
  };

  /** Which grammar validates the type: "DITA 1.3 (package dita-1.3)", "DITA 1.2 (machine catalog)", or not found. */
  const grammarLabel = (row: Doctype) => {
    if (!row.grammarFound) return t('missing');
    if (row.grammar === 's1000d') return `S1000D ${row.grammarVersion ?? ''}`.trim();
    const standard = row.grammarVersion ? `DITA ${row.grammarVersion}` : t('found');
    return row.grammarSource === 'package' ? t('viaPackage', { standard, name: row.grammarPackage ?? '' }) : t('viaMachine', { standard });
  };
  const editorLabel = (v: string) => ((BUILT_IN_EDITORS as readonly string[]).includes(v) ? t(`editors.${v as (typeof BUILT_IN_EDITORS)[number]}`) : v);
  const columns: ListColumn<Doctype>[] = [
    { key: 'doctypeName', dataIndex: 'doctypeName', title: t('doctypeName'), width: 150 },
    {
      key: 'rootElements',
      dataIndex: 'rootElements',
      title: t('rootElements'),
      render: (v: string[]) => v.map((r) => <Tag key={r}>{`<${r}>`}</Tag>),
    },
    { key: 'fileSuffix', dataIndex: 'fileSuffix', title: t('fileSuffix'), width: 100 },
    { key: 'publicId', dataIndex: 'publicId', title: t('publicId'), ellipsis: true },
    { key: 'systemId', dataIndex: 'systemId', title: t('systemId'), defaultHidden: true },
    {
      key: 'grammarFound',
      dataIndex: 'grammarFound',
      title: t('grammarFound'),
      width: 220,
      render: (v: boolean, row: Doctype) => (row.grammar === 'none' ? t('grammars.none') : <Tag color={v ? 'green' : 'orange'}>{grammarLabel(row)}</Tag>),
    },
    { key: 'validateOnSave', dataIndex: 'validateOnSave', title: t('validateOnSave'), width: 110, render: (v: boolean) => (v ? t('yes') : t('no')) },
    {
      key: 'defaultTemplateName',
      dataIndex: 'defaultTemplateName',
      title: t('defaultTemplate'),
      ellipsis: true,
      render: (v: string | null) => v ?? t('noTemplate'),
    },
    { key: 'editor', dataIndex: 'editor', title: t('editor'), width: 120, render: editorLabel },
    { key: 'status', dataIndex: 'status', title: t('status'), width: 90, render: (v: string) => <DictTag options={statuses} value={v} /> },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), width: 170, render: time, defaultHidden: true },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 150,
      fixed: 'right',
      render: (_: unknown, row: Doctype) => (
        <CrudLinks
          row={row}
          edit={{ perm: DoctypePerm.edit, onClick: (r) => setDialog({ open: true, doctypeId: r.doctypeId }) }}
          remove={{ perm: DoctypePerm.remove, onClick: remove }}
        />
      ),
    },
  ];

  return (
    <>
      <GrammarHint link />
      <ListPage<Doctype, DoctypeFilters>
        ref={list}
        listQuery={doctypeQueries.list}
        rowKey="doctypeId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="doctypeName" label={t('doctypeName')}>
              <Input allowClear placeholder={t('namePlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select allowClear options={statuses} style={{ width: 140 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows }) => (
          <CrudButtons
            selected={selectedRows}
            add={{ perm: DoctypePerm.add, onClick: () => setDialog({ open: true, doctypeId: undefined }) }}
            remove={{ perm: DoctypePerm.remove, onClick: remove }}
          />
        )}
      />
      <DoctypeFormDialog open={dialog.open} doctypeId={dialog.doctypeId} onClose={() => setDialog({ open: false, doctypeId: undefined })} />
    </>
  );
}
