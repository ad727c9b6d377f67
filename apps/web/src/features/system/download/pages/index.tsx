import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@ccms/contracts/constants';
import { DOWNLOAD_STATUSES, type DownloadItem, type DownloadStatus } from '@ccms/contracts/system/download';
import { App, Button, Form, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../shared/confirm';
import { dateTime, formatBytes } from '../../../../shared/format';
import { Pagination } from '../../../../shared/list/Pagination';
import { downloadApi } from '../download-api';
import { useDeleteDownloads, useDownloads } from '../download-queries';

const COLORS: Record<DownloadStatus, string> = { queued: 'default', running: 'processing', success: 'success', fail: 'error' };

interface Filters {
  name?: string;
  status?: DownloadStatus;
}

/** The download center (/system/downloadcenter): the caller's generated files with status, size and expiry; download, delete. */
export default function DownloadCenterPage() {
  const { t } = useTranslation('download');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [filters, setFilters] = useState<Filters>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [form] = Form.useForm<Filters>();
  const list = useDownloads({ ...filters, ...page });

  /** A search starts again at the first page; empty fields are no filter. */
  const search = (values: Filters) => {
    setFilters({ ...(values.name?.trim() ? { name: values.name.trim() } : {}), ...(values.status ? { status: values.status } : {}) });
    setPage((p) => ({ ...p, pageNum: 1 }));
    setSelected([]);
  };
  const reset = () => {
    form.resetFields();
    search({});
  };
  const remove = useDeleteDownloads();

  const removeIds = async (ids: number[]) => {
    if (!(await confirmDialog(t('confirmDelete'), { type: 'danger' }))) return;
    remove.mutate(ids, {
      onSuccess: () => {
        setSelected([]);
        message.success(t('deleted'));
      },
    });
  };

  const columns: ColumnsType<DownloadItem> = [
    { key: 'name', dataIndex: 'name', title: t('name') },
    { key: 'kind', dataIndex: 'kind', title: t('kind'), width: 120, render: (v: DownloadItem['kind']) => t(`kinds.${v}`) },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('status'),
      width: 120,
      render: (v: DownloadStatus, row) => (
        <Tooltip title={row.error || undefined}>
          <Tag color={COLORS[v]} data-testid="download-status">
            {t(`statuses.${v}`)}
          </Tag>
        </Tooltip>
      ),
    },
    { key: 'size', dataIndex: 'size', title: t('size'), width: 110, render: (v: number, row) => (row.status === 'success' ? formatBytes(v) : '') },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), width: 180, render: dateTime },
    { key: 'expireTime', dataIndex: 'expireTime', title: t('expireTime'), width: 180, render: dateTime },
    {
      key: 'actions',
      title: t('actions'),
      width: 150,
      render: (_: unknown, row) => (
        <Space size={0}>
          {row.status === 'success' && (
            <Button type="link" size="small" onClick={() => downloadApi.file(row)}>
              {t('download')}
            </Button>
          )}
          <Button type="link" size="small" danger onClick={() => removeIds([row.downloadId])}>
            {t('delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="download-center">
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <Form<Filters> form={form} layout="inline" className="list-search" onFinish={search} data-testid="download-search">
        <Form.Item name="name" label={t('name')}>
          <Input allowClear placeholder={t('namePlaceholder')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label={t('status')}>
          <Select
            allowClear
            placeholder={t('statusPlaceholder')}
            style={{ width: 160 }}
            options={DOWNLOAD_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {tc('search')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={reset}>
              {tc('reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 8 }}>
        <Button danger disabled={selected.length === 0} onClick={() => removeIds(selected)}>
          {t('delete')}
        </Button>
        <Button onClick={() => list.refetch()}>{t('refresh')}</Button>
      </Space>
      <Table<DownloadItem>
        size="small"
        rowKey="downloadId"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isLoading}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
      />
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
    </div>
  );
}
