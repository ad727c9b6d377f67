import { PlusOutlined } from '@ant-design/icons';
import { LibraryPerm } from '@ccms/contracts/content/library';
import { PUBLISH_FORMATS, PUBLISH_PATHS, type PublishConfigBody } from '@ccms/contracts/content/library-config';
import { Alert, App, Button, Col, Form, Input, Modal, Row, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudLinks } from '../../../../shared/list/CrudButtons';
import { useProductOptions } from '../../product/use-product-options';
import type { PublishConfigRow } from '../library-api';
import { useDeletePublishConfig, useGranteeRoles, useGranteeUsers, useLibrarySettings, usePublishConfigs, useSavePublishConfig } from '../library-queries';

type Fields = Omit<PublishConfigBody, 'libraryId'>;
type PathKind = (typeof PUBLISH_PATHS)[number];
const LANG = /^[a-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/;

/** Publish configurations: name, format, language, product, where to, filter group and readers. */
export function PublishConfigTab({ libraryId, canConfigure }: { libraryId: number; canConfigure: boolean }) {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const [editing, setEditing] = useState<PublishConfigRow | 'new' | null>(null);
  const rows = usePublishConfigs(libraryId);
  const pathKind = Form.useWatch('publishPath', form);
  const open = editing !== null;
  const [userSearch, setUserSearch] = useState('');
  const users = useGranteeUsers(libraryId, userSearch, open);
  const roles = useGranteeRoles(libraryId, open);
  const products = useProductOptions(open);
  const filters = useLibrarySettings('filter', libraryId, open);
  const filterGroups = [...new Set((filters.data ?? []).map((f) => f.group))];
  // Users met in any search keep their names once picked, while the search shows others.
  const [seenUsers, setSeenUsers] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    if (!users.data) return;
    setSeenUsers((seen) => {
      const next = new Map(seen);
      for (const u of users.data) next.set(u.userId, `${u.nickName} (${u.userName})`);
      return next;
    });
  }, [users.data]);
  const pickedUsers: number[] = Form.useWatch('readerUserIds', form) ?? [];
  const userOptions = [
    ...pickedUsers.filter((id) => !users.data?.some((u) => u.userId === id)).map((id) => ({ value: id, label: seenUsers.get(id) ?? `#${id}` })),
    ...(users.data ?? []).map((u) => ({ value: u.userId, label: `${u.nickName} (${u.userName})` })),
  ];

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    if (editing === 'new') form.setFieldsValue({ format: 'html5', lang: 'zh-CN', publishPath: 'preview', readerUserIds: [], readerRoleIds: [] });
    else form.setFieldsValue({ ...editing, format: editing.format as Fields['format'], publishPath: editing.publishPath as PathKind });
  }, [editing, form]);

  const saveConfig = useSavePublishConfig(libraryId);
  const removeConfig = useDeletePublishConfig(libraryId);
  const save = (v: Fields) =>
    saveConfig.mutate(editing === 'new' || editing === null ? { ...v, libraryId } : { ...v, libraryId, configId: editing.configId }, {
      onSuccess: () => {
        message.success(tc('success'));
        setEditing(null);
      },
    });
  const remove = async (r: PublishConfigRow) => {
    if (!(await confirmDialog(t('publish.confirmDelete', { name: r.configName }), { type: 'danger' }))) return;
    await removeConfig.mutateAsync(r.configId);
    message.success(tc('success'));
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {canConfigure && (
        <HasPermi value={[LibraryPerm.edit]}>
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('publish.add')}
          </Button>
        </HasPermi>
      )}
      <Table<PublishConfigRow>
        rowKey="configId"
        size="middle"
        loading={rows.isLoading}
        dataSource={rows.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
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
          ...(canConfigure
            ? [
                {
                  key: 'actions',
                  title: tc('operation'),
                  width: 150,
                  render: (_: unknown, r: PublishConfigRow) => (
                    <CrudLinks
                      row={r}
                      edit={{ perm: LibraryPerm.edit, onClick: setEditing }}
                      remove={{ perm: LibraryPerm.edit, onClick: ([row]) => row && remove(row) }}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={open}
        width={720}
        title={editing === 'new' ? t('publish.add') : t('publish.edit')}
        okText={tc('ok')}
        cancelText={tc('cancel')}
        confirmLoading={saveConfig.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<Fields> form={form} labelCol={{ flex: '100px' }} labelWrap onFinish={save} name="publish-config-form">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="configName" label={t('publish.configName')} rules={[{ required: true, whitespace: true, message: t('publish.nameRequired') }]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="format" label={t('publish.format')} rules={[{ required: true }]}>
                <Select options={PUBLISH_FORMATS.map((v) => ({ value: v, label: v }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="lang" label={t('publish.lang')} rules={[{ required: true, pattern: LANG, message: t('publish.langInvalid') }]}>
                <Input maxLength={12} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="product" label={t('publish.product')}>
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} loading={products.loading} options={products.options} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="publishPath" label={t('publish.publishPath')} rules={[{ required: true }]}>
                <Select options={PUBLISH_PATHS.map((v) => ({ value: v, label: t(`publish.paths.${v}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="publishDir"
                label={t('publish.publishDir')}
                rules={[{ required: pathKind === 'path', whitespace: true, message: t('publish.dirRequired') }]}
              >
                <Input maxLength={500} disabled={pathKind !== 'path'} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="filterGroup" label={t('publish.filterGroup')}>
                <Select allowClear options={filterGroups.map((g) => ({ value: g, label: g }))} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="readerUserIds" label={t('publish.readerUsers')}>
                <Select
                  mode="multiple"
                  showSearch={{ filterOption: false, onSearch: setUserSearch }}
                  loading={users.isFetching}
                  onBlur={() => setUserSearch('')}
                  options={userOptions}
                />
              </Form.Item>
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
          </Row>
        </Form>
      </Modal>
    </Space>
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
                : `${t('publish.readerUsers')}: ${r.readerUserIds.length} · ${t('publish.readerRoles')}: ${r.readerRoleIds.length}`,
          },
        ]}
      />
    </Space>
  );
}
