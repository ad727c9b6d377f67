import { DoctypePerm } from '@ccms/contracts/content/doctype';
import type { XmlProfileRow } from '@ccms/contracts/content/xml-profile';
import { Alert, App, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { useDeleteXmlProfiles, useXmlProfileList } from '../xml-profile-queries';
import { XmlProfileFormDialog } from './XmlProfileFormDialog';

/** XML profiles: the generic XML standard of FTID and of library types an administrator defines. */
export function XmlProfileList() {
  const { t } = useTranslation('xml-profile');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const list = useXmlProfileList();
  const deleteProfiles = useDeleteXmlProfiles();
  const [dialog, setDialog] = useState<{ open: boolean; profileId: number | undefined }>({ open: false, profileId: undefined });

  const remove = async (rows: readonly XmlProfileRow[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { names: rows.map((r) => r.libraryType).join(', ') }), { type: 'danger' }))) return;
    await deleteProfiles.mutateAsync(rows.map((r) => r.profileId));
    message.success(tc('success'));
  };
  const tags = (v: string[]) => v.map((r) => <Tag key={r}>{`<${r}>`}</Tag>);

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('intro')} />
      <CrudButtons<XmlProfileRow> selected={[]} add={{ perm: DoctypePerm.add, onClick: () => setDialog({ open: true, profileId: undefined }) }} />
      <Table<XmlProfileRow>
        rowKey="profileId"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { key: 'libraryType', dataIndex: 'libraryType', title: t('libraryType'), width: 140 },
          { key: 'description', dataIndex: 'description', title: t('description'), ellipsis: true },
          { key: 'filePattern', dataIndex: 'filePattern', title: t('filePattern'), width: 140 },
          { key: 'unitRoots', dataIndex: 'unitRoots', title: t('unitRoots'), render: tags },
          { key: 'documentRoots', dataIndex: 'documentRoots', title: t('documentRoots'), render: tags },
          {
            key: 'grammarKind',
            dataIndex: 'grammarKind',
            title: t('grammarKind'),
            width: 160,
            render: (v: XmlProfileRow['grammarKind'], row) => (v === 'none' ? t('grammarKinds.none') : `${t(`grammarKinds.${v}`)} ${row.grammarName}`),
          },
          { key: 'libraryCount', dataIndex: 'libraryCount', title: t('libraryCount'), width: 90 },
          {
            key: 'actions',
            title: tc('operation'),
            width: 150,
            fixed: 'right',
            render: (_: unknown, row) => (
              <CrudLinks
                row={row}
                edit={{ perm: DoctypePerm.edit, onClick: (r) => setDialog({ open: true, profileId: r.profileId }) }}
                remove={{ perm: DoctypePerm.remove, onClick: remove }}
              />
            ),
          },
        ]}
      />
      <XmlProfileFormDialog open={dialog.open} profileId={dialog.profileId} onClose={() => setDialog({ open: false, profileId: undefined })} />
    </Space>
  );
}
