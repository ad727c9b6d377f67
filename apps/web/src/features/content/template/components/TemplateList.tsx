import { TEMPLATE_LANGS, type Template, TemplatePerm } from '@ccms/contracts/content/template';
import { App, Form, Input, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDict } from '../../../../shared/dict/use-dict';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { useDoctypeOptions } from '../../doctype/doctype-queries';
import type { TemplateFilters } from '../template-api';
import { templateQueries, useDeleteTemplates } from '../template-queries';
import { TemplateFormDialog } from './TemplateFormDialog';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Templates per document type and language, with a live preview in the dialog. */
export function TemplateList() {
  const { t } = useTranslation('template');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const doctypes = useDoctypeOptions();
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; templateId: number | undefined }>({ open: false, templateId: undefined });
  const deleteTemplates = useDeleteTemplates();

  const remove = async (rows: readonly Template[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { names: rows.map((r) => r.templateName).join(', ') }), { type: 'danger' }))) return;
    await deleteTemplates.mutateAsync(rows.map((r) => r.templateId));
    message.success(tc('success'));
    list.current?.clearSelection();
  };

  const langLabel = (v: string) => ((TEMPLATE_LANGS as readonly string[]).includes(v) ? t(`langs.${v as (typeof TEMPLATE_LANGS)[number]}`) : v);
  const columns: ListColumn<Template>[] = [
    { key: 'templateName', dataIndex: 'templateName', title: t('templateName') },
    { key: 'doctypeName', dataIndex: 'doctypeName', title: t('doctype'), width: 150 },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('kind'),
      width: 90,
      render: (v: string) => <Tag>{v === 'map' ? t('kinds.map') : v === 's1000d' ? t('kinds.s1000d') : t('kinds.topic')}</Tag>,
    },
    { key: 'lang', dataIndex: 'lang', title: t('lang'), width: 100, render: langLabel },
    { key: 'status', dataIndex: 'status', title: t('status'), width: 90, render: (v: string) => <DictTag options={statuses} value={v} /> },
    { key: 'remark', dataIndex: 'remark', title: t('remark'), ellipsis: true, defaultHidden: true },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), width: 170, render: time },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 150,
      fixed: 'right',
      render: (_: unknown, row: Template) => (
        <CrudLinks
          row={row}
          edit={{ perm: TemplatePerm.edit, onClick: (r) => setDialog({ open: true, templateId: r.templateId }) }}
          remove={{ perm: TemplatePerm.remove, onClick: remove }}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage<Template, TemplateFilters>
        ref={list}
        listQuery={templateQueries.list}
        rowKey="templateId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="templateName" label={t('templateName')}>
              <Input allowClear placeholder={t('namePlaceholder')} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="doctypeId" label={t('doctype')}>
              <Select allowClear style={{ width: 160 }} options={(doctypes.data ?? []).map((d) => ({ value: d.doctypeId, label: d.doctypeName }))} />
            </Form.Item>
            <Form.Item name="lang" label={t('lang')}>
              <Select allowClear style={{ width: 120 }} options={TEMPLATE_LANGS.map((l) => ({ value: l, label: t(`langs.${l}`) }))} />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select allowClear options={statuses} style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows }) => (
          <CrudButtons
            selected={selectedRows}
            add={{ perm: TemplatePerm.add, onClick: () => setDialog({ open: true, templateId: undefined }) }}
            remove={{ perm: TemplatePerm.remove, onClick: remove }}
          />
        )}
      />
      <TemplateFormDialog open={dialog.open} templateId={dialog.templateId} onClose={() => setDialog({ open: false, templateId: undefined })} />
    </>
  );
}
