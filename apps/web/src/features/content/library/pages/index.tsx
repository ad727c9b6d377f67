import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { LIBRARY_TYPES } from '@ccms/contracts/constants';
import { LibraryPerm } from '@ccms/contracts/content/library';
import { App, Button, Form, Input, Select, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDict } from '../../../../shared/dict/use-dict';
import { CrudButtons } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { useXmlProfileTypes } from '../../xml-profile/xml-profile-queries';
import { LibraryFormDialog } from '../components/LibraryFormDialog';
import { LibraryProgressBar } from '../components/LibraryProgressBar';
import type { LibraryFilters, LibraryRow } from '../library-api';
import { libraryQueries, useDeleteLibraries } from '../library-queries';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Libraries (menu component ccms/library/index): search, list, add/edit with a connection check, delete. */
export default function LibraryPage() {
  const { t } = useTranslation('library');
  const profileTypes = useXmlProfileTypes();
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const statuses = useDict('sys_normal_disable');
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; libraryId: number | undefined }>({ open: false, libraryId: undefined });
  const deleteLibraries = useDeleteLibraries();

  const remove = async (rows: readonly LibraryRow[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { names: rows.map((r) => r.name).join(', ') }), { type: 'danger' }))) return;
    await deleteLibraries.mutateAsync(rows.map((r) => r.libraryId));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };
  const open = (row: LibraryRow) => navigate(`/ccms/library-detail/index?id=${row.libraryId}`);

  const columns: ListColumn<LibraryRow>[] = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('name'),
      render: (v: string, row) => (
        <>
          <Typography.Link onClick={() => open(row)} data-testid="library-link">
            {v}
          </Typography.Link>
          <LibraryProgressBar libraryId={row.libraryId} />
        </>
      ),
    },
    { key: 'displayText', dataIndex: 'displayText', title: t('displayText'), ellipsis: true },
    { key: 'libraryType', dataIndex: 'libraryType', title: t('libraryType'), width: 140, render: (v: string) => <Tag>{v}</Tag> },
    { key: 'url', dataIndex: 'url', title: t('url'), ellipsis: true, defaultHidden: false },
    { key: 'defaultBranch', dataIndex: 'defaultBranch', title: t('defaultBranch'), width: 120 },
    { key: 'deptName', dataIndex: 'deptName', title: t('dept'), width: 120, defaultHidden: true },
    { key: 'status', dataIndex: 'status', title: t('status'), width: 90, render: (v: string) => <DictTag options={statuses} value={v} /> },
    {
      key: 'lastFetchTime',
      dataIndex: 'lastFetchTime',
      title: t('lastFetch'),
      width: 180,
      render: (v: string | null, row) =>
        row.lastFetchError ? (
          <Tooltip title={row.lastFetchError}>
            <Typography.Text type="warning">{time(v) || t('never')}</Typography.Text>
          </Tooltip>
        ) : (
          time(v) || <Typography.Text type="secondary">{t('never')}</Typography.Text>
        ),
    },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), width: 180, render: time, defaultHidden: true },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 200,
      fixed: 'right',
      render: (_: unknown, row: LibraryRow) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(row)}>
            {t('open')}
          </Button>
          <HasPermi value={[LibraryPerm.edit]}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ open: true, libraryId: row.libraryId })}>
              {tc('edit')}
            </Button>
          </HasPermi>
          <HasPermi value={[LibraryPerm.remove]}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([row])}>
              {tc('delete')}
            </Button>
          </HasPermi>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<LibraryRow, LibraryFilters>
        ref={list}
        listQuery={libraryQueries.list}
        rowKey="libraryId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="name" label={t('name')}>
              <Input allowClear placeholder={t('namePlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="libraryType" label={t('libraryType')}>
              <Select
                allowClear
                placeholder={t('typePlaceholder')}
                options={[...new Set([...LIBRARY_TYPES, ...(profileTypes.data ?? [])])].map((v) => ({ value: v, label: v }))}
                style={{ width: 180 }}
              />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select allowClear placeholder={t('statusPlaceholder')} options={statuses} style={{ width: 140 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows }) => (
          <CrudButtons
            selected={selectedRows}
            add={{ perm: LibraryPerm.add, onClick: () => setDialog({ open: true, libraryId: undefined }) }}
            edit={{ perm: LibraryPerm.edit, onClick: (row) => setDialog({ open: true, libraryId: row.libraryId }) }}
            remove={{ perm: LibraryPerm.remove, onClick: remove }}
          />
        )}
      />
      <LibraryFormDialog open={dialog.open} libraryId={dialog.libraryId} onClose={() => setDialog({ open: false, libraryId: undefined })} />
    </>
  );
}
