import { FileZipOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { DocumentPerm, type DocumentRow } from '@ccms/contracts/content/document';
import { DOCUMENT_STATUSES } from '@ccms/contracts/content/status';
import { Button, Card, Form, Input, Progress, Select, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { formatTime } from '../catalog-status';
import { FastCreateDialog } from '../components/FastCreateDialog';
import { ImportDialog } from '../components/ImportDialog';
import { ScopeBar, ScopeNotice } from '../components/ScopeBar';
import { SetStatusDialog } from '../components/SetStatusDialog';
import { StatusTag } from '../components/StatusTag';
import { type DocumentFilters, documentApi } from '../document-api';
import { documentDetailPath } from '../paths';
import { useLibraryScope } from '../use-library-scope';
import '../catalog.css';

/** Documents (menu component ccms/document/index): the maps of the current library's branch. */
export default function DocumentListPage() {
  const { t } = useTranslation('document');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const scope = useLibraryScope();
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<'import' | 'fastCreate' | null>(null);
  const [statusOf, setStatusOf] = useState<DocumentRow | null>(null);
  const { libraryId, branch } = scope;
  const at = { libraryId: libraryId ?? 0, ...(branch ? { branch } : {}) };

  const open = (row: DocumentRow) => navigate(documentDetailPath(row.documentId));
  const statusOptions = DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }));

  const columns: ListColumn<DocumentRow>[] = [
    {
      key: 'docNbr',
      dataIndex: 'docNbr',
      title: t('docNbr'),
      sorter: true,
      render: (v: string, row) => (
        <Typography.Link onClick={() => open(row)} data-testid="document-link">
          {v}
        </Typography.Link>
      ),
    },
    { key: 'name', dataIndex: 'name', title: t('name'), sorter: true, ellipsis: true },
    { key: 'path', dataIndex: 'path', title: t('path'), ellipsis: true, defaultHidden: true },
    { key: 'revision', dataIndex: 'revision', title: t('revision'), width: 110 },
    { key: 'lang', dataIndex: 'lang', title: t('lang'), width: 90, sorter: true },
    { key: 'status', dataIndex: 'status', title: t('status'), width: 110, sorter: true, render: (v: string) => <StatusTag status={v} /> },
    { key: 'owner', dataIndex: 'owner', title: t('owner'), width: 110, sorter: true },
    {
      key: 'percentage',
      dataIndex: 'percentage',
      title: t('percentage'),
      width: 130,
      render: (v: number) => <Progress percent={v} size="small" />,
    },
    { key: 'topicCount', dataIndex: 'topicCount', title: t('topicCount'), width: 90, defaultHidden: true },
    {
      key: 'brokenCount',
      dataIndex: 'brokenCount',
      title: t('brokenCount'),
      width: 100,
      defaultHidden: true,
      render: (v: number) => (v > 0 ? <Typography.Text type="danger">{v}</Typography.Text> : v),
    },
    { key: 'updateTime', dataIndex: 'updateTime', title: t('updateTime'), width: 170, sorter: true, render: formatTime },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 170,
      fixed: 'right',
      render: (_: unknown, row: DocumentRow) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(row)}>
            {t('detail')}
          </Button>
          <HasPermi value={[DocumentPerm.edit]}>
            <Button type="link" size="small" onClick={() => setStatusOf(row)}>
              {t('setStatus')}
            </Button>
          </HasPermi>
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless">
      <ScopeBar scope={scope} />
      <ScopeNotice scope={scope} />
      {libraryId !== undefined && (
        <ListPage<DocumentRow, DocumentFilters>
          ref={list}
          queryKey={['ccms', 'document', 'list', libraryId, branch]}
          fetchPage={(q) => documentApi.list({ ...q, ...at })}
          rowKey="documentId"
          columns={columns}
          searchFields={
            <>
              <Form.Item name="docNbr" label={t('docNbr')}>
                <Input allowClear style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="name" label={t('name')}>
                <Input allowClear style={{ width: 180 }} />
              </Form.Item>
              <Form.Item name="status" label={t('status')}>
                <Select allowClear options={statusOptions} style={{ width: 130 }} placeholder={t('status')} />
              </Form.Item>
              <Form.Item name="owner" label={t('owner')}>
                <Input allowClear style={{ width: 130 }} />
              </Form.Item>
              <Form.Item name="lang" label={t('lang')}>
                <Input allowClear style={{ width: 100 }} placeholder="zh-CN" />
              </Form.Item>
            </>
          }
          toolbar={() => (
            <>
              <HasPermi value={[DocumentPerm.import]}>
                <Button type="primary" ghost icon={<FileZipOutlined />} onClick={() => setDialog('import')}>
                  {t('import')}
                </Button>
              </HasPermi>
              <HasPermi value={[DocumentPerm.add]}>
                <Button icon={<NodeIndexOutlined />} onClick={() => setDialog('fastCreate')}>
                  {t('fastCreate')}
                </Button>
              </HasPermi>
            </>
          )}
        />
      )}
      {libraryId !== undefined && (
        <>
          <ImportDialog
            open={dialog === 'import'}
            scope={at}
            onClose={() => setDialog(null)}
            onDone={(r) => {
              setDialog(null);
              list.current?.reload();
              navigate(documentDetailPath(r.documentId));
            }}
          />
          <FastCreateDialog
            open={dialog === 'fastCreate'}
            scope={at}
            onClose={() => setDialog(null)}
            onDone={(r) => {
              setDialog(null);
              list.current?.reload();
              navigate(documentDetailPath(r.documentId));
            }}
          />
        </>
      )}
      <SetStatusDialog
        target={statusOf ? { kind: 'document', title: statusOf.name || statusOf.path, current: statusOf.status } : null}
        submit={(v) => documentApi.setStatus(statusOf?.documentId ?? 0, v)}
        onClose={() => setStatusOf(null)}
        onDone={() => {
          setStatusOf(null);
          list.current?.reload();
        }}
      />
    </Card>
  );
}
