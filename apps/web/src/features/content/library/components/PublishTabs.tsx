import { PUBLISH_FORMATS, PUBLISH_PATHS, PublishConfigBody } from '@ccms/contracts/content/library-config';
import { Alert, App, Checkbox, Col, Form, Input, Row, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emptyTextFor } from '../../../../shared/auth/Denied';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { type RuleMessages, zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { userLabel } from '../../../../shared/user-label';
import { useProductOptions } from '../../product/use-product-options';
import type { PublishConfigRow } from '../library-api';
import { useDeletePublishConfig, useGranteeRoles, useGranteeUsers, useLibrarySettings, usePublishConfigs, useSavePublishConfig } from '../library-queries';
import { ConfigTable } from './ConfigTable';

type Fields = Omit<PublishConfigBody, 'libraryId'>;
type PathKind = (typeof PUBLISH_PATHS)[number];
// The body's fields (its refinement checks publishDir against publishPath; the dialog says so itself).
const Body = z.object(PublishConfigBody.shape).pick({ configName: true, format: true, lang: true, publishPath: true, publishDir: true });
const rules = (field: keyof typeof Body.shape, label: string, messages?: RuleMessages) => zodRules(Body, field, label, messages);

const DEFAULTS: Partial<Fields> = { format: 'html5', lang: 'zh-CN', publishPath: 'preview', readerUserIds: [], readerRoleIds: [], readersOnly: false };

/** The readers picker: users are searched on the server; users met in any search keep their names once picked. */
function ReaderUsers({ libraryId }: { libraryId: number }) {
  const { t } = useTranslation('library');
  const [userSearch, setUserSearch] = useState('');
  const users = useGranteeUsers(libraryId, userSearch);
  const [seenUsers, setSeenUsers] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    if (!users.data) return;
    setSeenUsers((seen) => {
      const next = new Map(seen);
      for (const u of users.data) next.set(u.userId, userLabel(u));
      return next;
    });
  }, [users.data]);
  const pickedUsers: number[] = Form.useWatch('readerUserIds') ?? [];
  const userOptions = [
    ...pickedUsers.filter((id) => !users.data?.some((u) => u.userId === id)).map((id) => ({ value: id, label: seenUsers.get(id) ?? `#${id}` })),
    ...(users.data ?? []).map((u) => ({ value: u.userId, label: userLabel(u) })),
  ];
  return (
    <Form.Item name="readerUserIds" label={t('publish.readerUsers')}>
      <Select
        mode="multiple"
        showSearch={{ filterOption: false, onSearch: setUserSearch }}
        loading={users.isFetching}
        onBlur={() => setUserSearch('')}
        options={userOptions}
      />
    </Form.Item>
  );
}

/** Add (`editing` 'new') or edit a publish configuration; rules from the contract's PublishConfigBody. */
function PublishConfigDialog({ libraryId, editing, onClose }: { libraryId: number; editing: PublishConfigRow | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const open = editing !== null;
  const roles = useGranteeRoles(libraryId, open);
  const products = useProductOptions(open);
  const filters = useLibrarySettings('filter', libraryId, open);
  const filterGroups = [...new Set((filters.data ?? []).map((f) => f.group))];
  const saveConfig = useSavePublishConfig(libraryId);
  const entity = useEntityForm<Fields>({
    open,
    defaults:
      editing === null || editing === 'new'
        ? DEFAULTS
        : { ...editing, format: editing.format as Fields['format'], publishPath: editing.publishPath as PathKind },
    save: (v) => saveConfig.mutateAsync(editing === 'new' || editing === null ? { ...v, libraryId } : { ...v, libraryId, configId: editing.configId }),
    onSaved: () => {
      message.success(tc('success'));
      onClose();
    },
  });
  const pathKind = Form.useWatch('publishPath', entity.form);
  return (
    <FormDialog
      open={open}
      width={720}
      labelWidth={100}
      title={editing === 'new' ? t('publish.add') : t('publish.edit')}
      name="publish-config-form"
      entity={entity}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="configName" label={t('publish.configName')} rules={rules('configName', t('publish.configName'))}>
            <Input maxLength={zodMaxLength(Body, 'configName')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="format" label={t('publish.format')} rules={rules('format', t('publish.format'))}>
            <Select options={PUBLISH_FORMATS.map((v) => ({ value: v, label: v }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="lang" label={t('publish.lang')} rules={rules('lang', t('publish.lang'), { pattern: t('publish.langInvalid') })}>
            <Input maxLength={12} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="product" label={t('publish.product')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} loading={products.loading} options={products.options} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="publishPath" label={t('publish.publishPath')} rules={rules('publishPath', t('publish.publishPath'))}>
            <Select options={PUBLISH_PATHS.map((v) => ({ value: v, label: t(`publish.paths.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="publishDir"
            label={t('publish.publishDir')}
            // The contract's refinement: a folder is needed when the output goes to a folder.
            rules={[...rules('publishDir', t('publish.publishDir')), { required: pathKind === 'path', whitespace: true, message: t('publish.dirRequired') }]}
          >
            <Input maxLength={zodMaxLength(Body, 'publishDir')} disabled={pathKind !== 'path'} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="filterGroup" label={t('publish.filterGroup')}>
            <Select allowClear options={filterGroups.map((g) => ({ value: g, label: g }))} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <ReaderUsers libraryId={libraryId} />
        </Col>
        <Col span={24}>
          <Form.Item name="readerRoleIds" label={t('publish.readerRoles')}>
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              options={(roles.data ?? []).map((r) => ({ value: r.roleId, label: r.roleName }))}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="readersOnly"
            valuePropName="checked"
            extra={t('publish.readersOnlyHint')}
            dependencies={['readerUserIds', 'readerRoleIds']}
            rules={[
              ({ getFieldValue }) => ({
                // The contract's refinement: closing the output needs someone to read it.
                validator: (_: unknown, on: boolean) =>
                  !on || (getFieldValue('readerUserIds') ?? []).length + (getFieldValue('readerRoleIds') ?? []).length > 0
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('publish.readersOnlyNeedsReaders'))),
              }),
            ]}
          >
            <Checkbox>{t('publish.readersOnly')}</Checkbox>
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}

/** Publish configurations: name, format, language, product, where to, filter group and readers. */
export function PublishConfigTab({ libraryId, canConfigure }: { libraryId: number; canConfigure: boolean }) {
  const { t } = useTranslation('library');
  const [editing, setEditing] = useState<PublishConfigRow | 'new' | null>(null);
  const rows = usePublishConfigs(libraryId);
  const removeConfig = useDeletePublishConfig(libraryId);
  return (
    <ConfigTable<PublishConfigRow>
      canConfigure={canConfigure}
      addLabel={t('publish.add')}
      rows={rows.data}
      loading={rows.isLoading}
      error={rows.error}
      columns={[
        { key: 'configName', title: t('publish.configName'), dataIndex: 'configName' },
        { key: 'format', title: t('publish.format'), dataIndex: 'format', width: 90, render: (v: string) => <Tag>{v}</Tag> },
        { key: 'lang', title: t('publish.lang'), dataIndex: 'lang', width: 90 },
        { key: 'product', title: t('publish.product'), dataIndex: 'product', width: 120 },
        {
          key: 'publishPath',
          title: t('publish.publishPath'),
          dataIndex: 'publishPath',
          width: 110,
          render: (v: string) => t(`publish.paths.${v as PathKind}`, { defaultValue: v }),
        },
        { key: 'filterGroup', title: t('publish.filterGroup'), dataIndex: 'filterGroup', width: 120 },
      ]}
      onAdd={() => setEditing('new')}
      onEdit={setEditing}
      confirmDelete={(r) => t('publish.confirmDelete', { name: r.configName })}
      remove={(configId) => removeConfig.mutateAsync(configId)}
    >
      <PublishConfigDialog libraryId={libraryId} editing={editing} onClose={() => setEditing(null)} />
    </ConfigTable>
  );
}

/** Where each publish configuration goes and who may read it (read-only; edited in Publish config). */
export function PublishPathTab({ libraryId }: { libraryId: number }) {
  const { t } = useTranslation('library');
  const rows = usePublishConfigs(libraryId);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('publish.pathHint')} />
      <Table<PublishConfigRow>
        rowKey="configId"
        size="middle"
        loading={rows.isLoading}
        dataSource={rows.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        {...(rows.error ? { locale: { emptyText: emptyTextFor(rows.error) } } : {})}
        columns={[
          { key: 'configName', title: t('publish.configName'), dataIndex: 'configName' },
          {
            key: 'publishPath',
            title: t('publish.pathTitle'),
            render: (_: unknown, r) => (
              <Space>
                <Tag color="blue">{t(`publish.paths.${r.publishPath as PathKind}`, { defaultValue: r.publishPath })}</Tag>
                {r.publishPath === 'path' && <code>{r.publishDir}</code>}
              </Space>
            ),
          },
          {
            key: 'readers',
            title: t('publish.readers'),
            render: (_: unknown, r) =>
              r.readerUserIds.length + r.readerRoleIds.length === 0
                ? t('publish.anyone')
                : `${t('publish.readerUsers')}: ${r.readerUserIds.length} · ${t('publish.readerRoles')}: ${r.readerRoleIds.length}${r.readersOnly ? ` · ${t('publish.readersOnlyShort')}` : ''}`,
          },
        ]}
      />
    </Space>
  );
}
