import { BUILT_IN_EDITORS } from '@ccms/contracts/content/doctype';
import { type DefaultEditor, DefaultEditorBody, EditorConfigPerm, type EditorLink } from '@ccms/contracts/content/editor-config';
import { App, Button, Form, Input, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { FormModal } from '../../../../shared/form/FormModal';
import { zodRules } from '../../../../shared/form/zod-rules';
import { useDefaultEditors, useEditorLinks, useRemoveDefaultEditors, useSetDefaultEditor } from '../editor-config-queries';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** The editor each file suffix opens in; every "Edit" action in the app goes through this table. */
export function DefaultEditorTable() {
  const { t } = useTranslation('editor-config');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const defaults = useDefaultEditors();
  const links = useEditorLinks({ pageNum: 1, pageSize: 100, status: '0' });
  const setDefault = useSetDefaultEditor();
  const removeDefaults = useRemoveDefaultEditors();
  const [editing, setEditing] = useState<DefaultEditorBody | null>(null);
  const [form] = Form.useForm<DefaultEditorBody>();
  const suffix = Form.useWatch('suffix', form);

  const label = (row: DefaultEditor) =>
    row.open.startsWith('link:') ? t('link', { label: row.linkLabel ?? row.open }) : t(`builtIn.${row.open as (typeof BUILT_IN_EDITORS)[number]}`);
  const choices = [
    ...BUILT_IN_EDITORS.map((e) => ({ value: e, label: t(`builtIn.${e}`) })),
    ...(links.data?.rows ?? [])
      .filter((l: EditorLink) => !suffix || l.associationTypes.includes(suffix))
      .map((l: EditorLink) => ({ value: `link:${l.linkId}`, label: t('link', { label: l.label }) })),
  ];

  const open = (row?: DefaultEditor) => setEditing({ suffix: row?.suffix ?? '', open: row?.open ?? 'topic' });
  const save = async (values: DefaultEditorBody) => {
    try {
      await setDefault.mutateAsync(values);
      message.success(tc('success'));
      setEditing(null);
    } catch (err) {
      form.setFields([{ name: 'open', errors: [(err as Error).message] }]);
    }
  };
  const remove = async (row: DefaultEditor) => {
    if (!(await confirmDialog(t('confirmRemoveDefault', { suffix: row.suffix }), { type: 'danger' }))) return;
    await removeDefaults.mutateAsync([row.suffix]);
    message.success(tc('success'));
  };

  return (
    <>
      <HasPermi value={[EditorConfigPerm.edit]}>
        <Button type="primary" style={{ marginBottom: 12 }} onClick={() => open()}>
          {t('setDefault')}
        </Button>
      </HasPermi>
      <Table<DefaultEditor>
        rowKey="suffix"
        size="middle"
        loading={defaults.isLoading}
        dataSource={defaults.data ?? []}
        pagination={false}
        columns={[
          { key: 'suffix', dataIndex: 'suffix', title: t('suffix'), width: 140 },
          { key: 'open', dataIndex: 'open', title: t('open'), render: (_: unknown, row) => label(row) },
          { key: 'updateBy', dataIndex: 'updateBy', title: t('updateBy'), width: 120 },
          { key: 'updateTime', dataIndex: 'updateTime', title: t('updateTime'), width: 180, render: time },
          {
            key: 'actions',
            title: tc('operation'),
            width: 160,
            render: (_: unknown, row) => (
              <Space>
                <HasPermi value={[EditorConfigPerm.edit]}>
                  <Button type="link" size="small" onClick={() => open(row)}>
                    {tc('edit')}
                  </Button>
                </HasPermi>
                <HasPermi value={[EditorConfigPerm.remove]}>
                  <Button type="link" size="small" danger onClick={() => remove(row)}>
                    {tc('delete')}
                  </Button>
                </HasPermi>
              </Space>
            ),
          },
        ]}
      />
      <FormModal<DefaultEditorBody>
        open={editing !== null}
        title={t('setDefault')}
        form={form}
        name="default-editor-form"
        layout="vertical"
        initialValues={editing ?? undefined}
        saving={setDefault.isPending}
        onClose={() => setEditing(null)}
        onFinish={save}
      >
        <Form.Item name="suffix" label={t('suffix')} rules={zodRules(DefaultEditorBody, 'suffix', t('suffix'))}>
          <Input disabled={Boolean(editing?.suffix)} placeholder=".dita" />
        </Form.Item>
        <Form.Item name="open" label={t('open')} rules={zodRules(DefaultEditorBody, 'open', t('open'))}>
          <Select options={choices} />
        </Form.Item>
      </FormModal>
    </>
  );
}
