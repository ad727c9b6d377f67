import type { Notice } from '@ccms/contracts/system/notice';
import { App, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDicts } from '../../../../shared/dict/use-dict';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { NoticeFormDialog } from '../components/NoticeFormDialog';
import type { NoticeFilters } from '../notice-api';
import { noticeQueries, useDeleteNotice } from '../notice-queries';

const date = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

/** Notices (RuoYi system/notice/index): search, list, add/edit with rich text content, delete. */
export default function NoticePage() {
  const { t } = useTranslation('notice');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const { sys_notice_type: types, sys_notice_status: statuses } = useDicts('sys_notice_type', 'sys_notice_status');
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; noticeId: number | undefined }>({ open: false, noticeId: undefined });
  const deleteNotices = useDeleteNotice();

  const remove = async (rows: readonly Notice[]) => {
    if (rows.length === 0) return;
    const ok = await confirmDialog(t('confirmDelete', { ids: rows.map((r) => r.noticeId).join(', ') }), { type: 'danger' });
    if (!ok) return;
    await deleteNotices.mutateAsync(rows.map((r) => r.noticeId));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const columns: ListColumn<Notice>[] = [
    { key: 'noticeId', dataIndex: 'noticeId', title: t('noticeId'), width: 80 },
    { key: 'noticeTitle', dataIndex: 'noticeTitle', title: t('noticeTitle'), ellipsis: true },
    { key: 'noticeType', dataIndex: 'noticeType', title: t('noticeType'), width: 120, render: (v: string) => <DictTag options={types} value={v} /> },
    { key: 'status', dataIndex: 'status', title: t('status'), width: 100, render: (v: string) => <DictTag options={statuses} value={v} /> },
    { key: 'createBy', dataIndex: 'createBy', title: t('createBy'), width: 120 },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), width: 160, render: date },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 160,
      fixed: 'right',
      render: (_: unknown, row: Notice) => (
        <CrudLinks
          row={row}
          edit={{ perm: 'system:notice:edit', onClick: (r) => setDialog({ open: true, noticeId: r.noticeId }) }}
          remove={{ perm: 'system:notice:remove', onClick: remove }}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage<Notice, NoticeFilters>
        ref={list}
        listQuery={noticeQueries.list}
        rowKey="noticeId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="noticeTitle" label={t('noticeTitle')}>
              <Input allowClear placeholder={t('noticeTitlePlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="createBy" label={t('createBy')}>
              <Input allowClear placeholder={t('createByPlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="noticeType" label={t('noticeType')}>
              <Select allowClear placeholder={t('noticeTypePlaceholder')} options={types} style={{ width: 160 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows }) => (
          <CrudButtons
            selected={selectedRows}
            add={{ perm: 'system:notice:add', onClick: () => setDialog({ open: true, noticeId: undefined }) }}
            edit={{ perm: 'system:notice:edit', onClick: (row) => setDialog({ open: true, noticeId: row.noticeId }) }}
            remove={{ perm: 'system:notice:remove', onClick: remove }}
          />
        )}
      />
      <NoticeFormDialog open={dialog.open} noticeId={dialog.noticeId} onClose={() => setDialog({ open: false, noticeId: undefined })} />
    </>
  );
}
