import type { Post } from '@ccms/contracts/system/post';
import { App, Form, Grid, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDict } from '../../../../shared/dict/use-dict';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { PostFormDialog } from '../components/PostFormDialog';
import { type PostFilters, postApi } from '../post-api';
import { postQueries, useDeletePost } from '../post-queries';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Posts (RuoYi system/post/index): search, list, add/edit dialog, delete, export. */
export default function PostPage() {
  const { t } = useTranslation(['post', 'shared']);
  const wide = Grid.useBreakpoint().md === true;
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; postId: number | undefined }>({ open: false, postId: undefined });
  const deletePosts = useDeletePost();

  const remove = async (rows: readonly Post[]) => {
    if (rows.length === 0) return;
    const ok = await confirmDialog(t('confirmDelete', { ids: rows.map((r) => r.postId).join(', ') }), { type: 'danger' });
    if (!ok) return;
    await deletePosts.mutateAsync(rows.map((r) => r.postId));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const columns: ListColumn<Post>[] = [
    { key: 'postId', dataIndex: 'postId', title: t('postId'), width: 90 },
    { key: 'postCode', dataIndex: 'postCode', title: t('postCode'), sorter: true },
    { key: 'postName', dataIndex: 'postName', title: t('postName'), sorter: true },
    { key: 'postSort', dataIndex: 'postSort', title: t('postSort'), sorter: true, width: 120 },
    { key: 'status', dataIndex: 'status', title: t('status'), width: 100, render: (v: string) => <DictTag options={statuses} value={v} /> },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), sorter: true, width: 180, render: time },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 160,
      // Pinned right on wide screens; on a phone it would cover the row.
      ...(wide ? { fixed: 'right' as const } : {}),
      render: (_: unknown, row: Post) => (
        <CrudLinks
          row={row}
          edit={{ perm: 'system:post:edit', onClick: (r) => setDialog({ open: true, postId: r.postId }) }}
          remove={{ perm: 'system:post:remove', onClick: remove }}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage<Post, PostFilters>
        ref={list}
        listQuery={postQueries.list}
        rowKey="postId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="postCode" label={t('postCode')}>
              <Input allowClear placeholder={t('postCodePlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="postName" label={t('postName')}>
              <Input allowClear placeholder={t('postNamePlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select allowClear placeholder={t('statusPlaceholder')} options={statuses} style={{ width: 160 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows, query }) => (
          <CrudButtons
            selected={selectedRows}
            add={{ perm: 'system:post:add', onClick: () => setDialog({ open: true, postId: undefined }) }}
            edit={{ perm: 'system:post:edit', onClick: (row) => setDialog({ open: true, postId: row.postId }) }}
            remove={{ perm: 'system:post:remove', onClick: remove }}
            export={{ perm: 'system:post:export', onClick: () => postApi.export(query) }}
          />
        )}
      />
      <PostFormDialog open={dialog.open} postId={dialog.postId} onClose={() => setDialog({ open: false, postId: undefined })} />
    </>
  );
}
