import { DeleteOutlined, SyncOutlined } from '@ant-design/icons';
import type { Config } from '@ccms/contracts/system/config';
import { App, Button, DatePicker, Form, Input, Select, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDict } from '../../../../shared/dict/use-dict';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { TestMailButton } from '../../notification/components/TestMailButton';
import { SsoSettingsButton } from '../../sso/components/SsoSettingsButton';
import { ConfigFormDialog } from '../components/ConfigFormDialog';
import { type ConfigFilters, configApi, configFilters, configTitle, isBuiltIn } from '../config-api';
import { configQueries, useDeleteConfig, useRefreshConfigCache } from '../config-queries';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Config parameters (RuoYi system/config/index): search, list, add/edit, delete (never built-in rows), export, refresh cache. */
export default function ConfigPage() {
  const { t } = useTranslation('config');
  const { t: tc, i18n } = useTranslation();
  const { message } = App.useApp();
  const yesNo = useDict('sys_yes_no');
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; configId: number | undefined }>({ open: false, configId: undefined });
  const deleteConfigs = useDeleteConfig();
  const refreshConfigCache = useRefreshConfigCache();

  const remove = async (rows: readonly Config[]) => {
    if (rows.length === 0 || rows.some(isBuiltIn)) return;
    const ok = await confirmDialog(t('confirmDelete', { ids: rows.map((r) => r.configId).join(', ') }), { type: 'danger' });
    if (!ok) return;
    await deleteConfigs.mutateAsync(rows.map((r) => r.configId));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const refreshCache = async () => {
    await refreshConfigCache.mutateAsync();
    message.success(t('cacheRefreshed'));
  };

  const deleteButton = (rows: readonly Config[], asLink: boolean) => {
    const builtIn = rows.some(isBuiltIn);
    const button = asLink ? (
      <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={builtIn} onClick={() => remove(rows)}>
        {tc('delete')}
      </Button>
    ) : (
      <Button danger icon={<DeleteOutlined />} disabled={rows.length === 0 || builtIn} onClick={() => remove(rows)}>
        {tc('delete')}
      </Button>
    );
    return builtIn ? <Tooltip title={t('builtIn')}>{button}</Tooltip> : button;
  };

  const columns: ListColumn<Config>[] = [
    { key: 'configId', dataIndex: 'configId', title: t('configId'), width: 100 },
    { key: 'configName', dataIndex: 'configName', title: t('configName'), ellipsis: true, render: (_: string, row: Config) => configTitle(row, i18n.language) },
    { key: 'configKey', dataIndex: 'configKey', title: t('configKey'), render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { key: 'configValue', dataIndex: 'configValue', title: t('configValue'), ellipsis: true },
    { key: 'configType', dataIndex: 'configType', title: t('configType'), width: 100, render: (v: string) => <DictTag options={yesNo} value={v} /> },
    { key: 'remark', dataIndex: 'remark', title: t('remark'), ellipsis: true },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), width: 180, render: time },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 160,
      fixed: 'right',
      render: (_: unknown, row: Config) => (
        <CrudLinks row={row} edit={{ perm: 'system:config:edit', onClick: (r) => setDialog({ open: true, configId: r.configId }) }}>
          <HasPermi value={['system:config:remove']}>{deleteButton([row], true)}</HasPermi>
        </CrudLinks>
      ),
    },
  ];

  return (
    <>
      <ListPage<Config, ConfigFilters>
        ref={list}
        listQuery={configQueries.list}
        toQuery={configFilters}
        rowKey="configId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="configName" label={t('configName')}>
              <Input allowClear placeholder={t('configNamePlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="configKey" label={t('configKey')}>
              <Input allowClear placeholder={t('configKeyPlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="configType" label={t('configType')}>
              <Select allowClear placeholder={t('configTypePlaceholder')} options={yesNo} style={{ width: 140 }} />
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
              add={{ perm: 'system:config:add', onClick: () => setDialog({ open: true, configId: undefined }) }}
              edit={{ perm: 'system:config:edit', onClick: (row) => setDialog({ open: true, configId: row.configId }) }}
              export={{ perm: 'system:config:export', onClick: () => configApi.export(query) }}
            >
              {/* Delete stays hand-made: a built-in row's button explains itself in a tooltip. */}
              <HasPermi value={['system:config:remove']}>{deleteButton(selectedRows, false)}</HasPermi>
            </CrudButtons>
            <HasPermi value={['system:config:edit']}>
              <TestMailButton />
            </HasPermi>
            <HasPermi value={['system:config:edit']}>
              <SsoSettingsButton />
            </HasPermi>
            <HasPermi value={['system:config:remove']}>
              <Button danger icon={<SyncOutlined />} onClick={refreshCache}>
                {t('refreshCache')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <ConfigFormDialog open={dialog.open} configId={dialog.configId} onClose={() => setDialog({ open: false, configId: undefined })} />
    </>
  );
}
