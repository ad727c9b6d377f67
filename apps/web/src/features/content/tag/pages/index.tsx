import { DeleteOutlined, EditOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@ccms/contracts/constants';
import { TagPerm } from '@ccms/contracts/content/tag';
import { App, Button, Card, Drawer, Empty, Form, Grid, Input, Space, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { Pagination } from '../../../../shared/list/Pagination';
import { formatTime } from '../../graphic/format';
import { LibraryBar } from '../../shared/LibraryBar';
import { useLibraryScope } from '../../shared/use-library-scope';
import { AssignDialog } from '../components/AssignDialog';
import { TagFormDialog } from '../components/TagFormDialog';
import type { TagFilters, TagRow } from '../tag-api';
import { tagQueries, useAssignTags, useDeleteTag, useTagged } from '../tag-queries';

/** The documents and topics one tag is on, in the chosen branch, each removable. */
function TaggedDrawer({ tag, branch, readOnly, onClose }: { tag: TagRow | null; branch: string | undefined; readOnly: boolean; onClose: () => void }) {
  const { t } = useTranslation('tag');
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const tagged = useTagged(tag?.tagId, { ...page, ...(branch ? { branch } : {}) });
  const assign = useAssignTags();
  const unassign = (path: string) =>
    assign.mutate(
      { add: false, libraryId: tag?.libraryId ?? 0, ...(branch ? { branch } : {}), path, tagIds: [tag?.tagId ?? 0] },
      { onSuccess: () => message.success(t('unassigned')) },
    );
  return (
    <Drawer open={tag !== null} title={t('tagged', { name: tag?.tagName ?? '' })} size={640} onClose={onClose} destroyOnHidden>
      <Table
        size="small"
        rowKey="assignmentId"
        loading={tagged.isFetching}
        dataSource={tagged.data?.rows ?? []}
        pagination={false}
        columns={[
          { key: 'path', title: t('path'), dataIndex: 'path', ellipsis: true },
          { key: 'branch', title: t('branch'), dataIndex: 'branch', width: 100 },
          { key: 'createBy', title: t('createBy'), dataIndex: 'createBy', width: 110 },
          { key: 'createTime', title: t('createTime'), dataIndex: 'createTime', width: 170, render: formatTime },
          ...(readOnly
            ? []
            : [
                {
                  key: 'actions',
                  title: '',
                  width: 80,
                  render: (_: unknown, row: { path: string }) => (
                    <HasPermi value={[TagPerm.edit]}>
                      <Button type="link" size="small" danger onClick={() => unassign(row.path)}>
                        {t('unassign')}
                      </Button>
                    </HasPermi>
                  ),
                },
              ]),
        ]}
      />
      <Pagination
        total={tagged.data?.total ?? 0}
        page={page.pageNum}
        limit={page.pageSize}
        autoScroll={false}
        onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
      />
    </Drawer>
  );
}

/** Tags (menu component ccms/tag/index): a library's tag names and the documents and topics carrying them. */
export default function TagPage() {
  const { t } = useTranslation('tag');
  const { t: tr } = useTranslation('graphic');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const wide = Grid.useBreakpoint().md === true;
  const scope = useLibraryScope({ fallback: 'first' });
  const list = useRef<ListPageHandle>(null);
  // The form dialog: closed, adding (tagId undefined) or editing one tag.
  const [dialog, setDialog] = useState<{ open: boolean; tagId?: number }>({ open: false });
  const deleteTags = useDeleteTag();
  const [assigning, setAssigning] = useState<number[] | null>(null);
  const [viewing, setViewing] = useState<TagRow | null>(null);
  const libraryId = scope.libraryId ?? 0;

  if (scope.noLibrary) return <Empty description={tr('noLibrary')} />;

  const remove = async (rows: readonly TagRow[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { names: rows.map((r) => r.tagName).join(', ') }), { type: 'danger' }))) return;
    await deleteTags.mutateAsync(rows.map((r) => r.tagId));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const columns: ListColumn<TagRow>[] = [
    {
      key: 'tagName',
      dataIndex: 'tagName',
      title: t('tagName'),
      sorter: true,
      render: (v: string, row) => <Tag color={row.color || undefined}>{v}</Tag>,
    },
    {
      key: 'uses',
      dataIndex: 'uses',
      title: t('uses'),
      width: 100,
      render: (v: number, row) => <Typography.Link onClick={() => setViewing(row)}>{v}</Typography.Link>,
    },
    { key: 'remark', dataIndex: 'remark', title: t('remark'), ellipsis: true },
    { key: 'createBy', dataIndex: 'createBy', title: t('createBy'), width: 120 },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), width: 180, sorter: true, render: formatTime },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 240,
      ...(wide ? { fixed: 'right' as const } : {}),
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(row)}>
            {t('taggedList')}
          </Button>
          {!scope.readOnly && (
            <>
              <HasPermi value={[TagPerm.edit]}>
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ open: true, tagId: row.tagId })}>
                  {tc('edit')}
                </Button>
              </HasPermi>
              <HasPermi value={[TagPerm.remove]}>
                <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([row])}>
                  {tc('delete')}
                </Button>
              </HasPermi>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless">
      <LibraryBar scope={scope} />
      {scope.libraryId === undefined ? (
        <Empty description={tr('chooseLibrary')} />
      ) : (
        <ListPage<TagRow, TagFilters>
          ref={list}
          listQuery={(q) => tagQueries.list({ ...q, libraryId })}
          rowKey="tagId"
          selection="multiple"
          columns={columns}
          searchFields={
            <Form.Item name="tagName" label={t('tagName')}>
              <Input allowClear placeholder={t('tagNamePlaceholder')} style={{ width: 200 }} />
            </Form.Item>
          }
          toolbar={({ selectedRows }) => (
            <>
              <HasPermi value={[TagPerm.add]}>
                <Button type="primary" ghost icon={<PlusOutlined />} disabled={scope.readOnly} onClick={() => setDialog({ open: true })}>
                  {tc('add')}
                </Button>
              </HasPermi>
              <HasPermi value={[TagPerm.edit]}>
                <Button icon={<TagsOutlined />} disabled={scope.readOnly} onClick={() => setAssigning(selectedRows.map((r) => r.tagId))}>
                  {t('assign')}
                </Button>
              </HasPermi>
              <HasPermi value={[TagPerm.remove]}>
                <Button danger icon={<DeleteOutlined />} disabled={scope.readOnly || selectedRows.length === 0} onClick={() => remove(selectedRows)}>
                  {tc('delete')}
                </Button>
              </HasPermi>
            </>
          )}
        />
      )}
      <TagFormDialog open={dialog.open} libraryId={libraryId} tagId={dialog.tagId} onClose={() => setDialog({ open: false })} />
      <AssignDialog
        open={assigning !== null}
        libraryId={libraryId}
        branch={scope.branch}
        initialTagIds={assigning ?? []}
        onClose={() => setAssigning(null)}
        onDone={() => setAssigning(null)}
      />
      <TaggedDrawer tag={viewing} branch={scope.branch} readOnly={scope.readOnly} onClose={() => setViewing(null)} />
    </Card>
  );
}
