import { DeleteOutlined, EditOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { type Publication, PublicationPerm } from '@ccms/contracts/publish/publication';
import { App, Button, Card, Drawer, Empty, Form, Input, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { standardOf } from '../../../../shared/content-standard';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { LibraryBar } from '../../../content/shared/LibraryBar';
import { useLibraryScope } from '../../../content/shared/use-library-scope';
import { OutputTable } from '../../output/components/OutputTable';
import { PublishDialog } from '../../output/components/PublishDialog';
import { PublicationFormDialog } from '../components/PublicationFormDialog';
import type { PublicationFilters } from '../publication-api';
import { publicationQueries, useDeletePublications } from '../publication-queries';

/** Publications (menu component ccms/publication/index): maps of a library with their filter, published from here. */
export default function PublicationPage() {
  const { t } = useTranslation('publication');
  const { t: to } = useTranslation('output');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const scope = useLibraryScope({ fallback: 'first' });
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; publicationId?: number }>({ open: false });
  const [publishing, setPublishing] = useState<Publication | null>(null);
  const [outputsOf, setOutputsOf] = useState<Publication | null>(null);
  const remove = useDeletePublications();
  const libraryId = scope.libraryId ?? 0;
  const s1000d = standardOf(scope.library?.libraryType).id === 's1000d';

  if (scope.noLibrary) return <Empty description={t('noLibrary')} />;

  const removeRows = async (rows: readonly Publication[]) => {
    if (rows.length === 0 || !(await confirmDialog(t('confirmDelete', { names: rows.map((r) => r.name).join(', ') }), { type: 'danger' }))) return;
    await remove.mutateAsync(rows.map((r) => r.publicationId));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const columns: ListColumn<Publication>[] = [
    { key: 'name', dataIndex: 'name', title: t('fields.name') },
    { key: 'branch', dataIndex: 'branch', title: t('fields.branch'), width: 120 },
    { key: 'ditaMap', dataIndex: 'ditaMap', title: s1000d ? t('s1000d.pm') : t('fields.ditaMap'), ellipsis: true },
    { key: 'ditaVal', dataIndex: 'ditaVal', title: s1000d ? t('s1000d.applic') : t('fields.ditaVal'), ellipsis: true },
    { key: 'createBy', dataIndex: 'createBy', title: to('output.createBy'), width: 110 },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 320,
      render: (_: unknown, row) => (
        <Space size={0}>
          <HasPermi value={[PublicationPerm.publish]}>
            <Button type="link" size="small" icon={<SendOutlined />} onClick={() => setPublishing(row)}>
              {to('publish')}
            </Button>
          </HasPermi>
          <Button type="link" size="small" onClick={() => setOutputsOf(row)}>
            {t('outputs')}
          </Button>
          <HasPermi value={[PublicationPerm.edit]}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ open: true, publicationId: row.publicationId })}>
              {tc('edit')}
            </Button>
          </HasPermi>
          <HasPermi value={[PublicationPerm.remove]}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => removeRows([row])}>
              {tc('delete')}
            </Button>
          </HasPermi>
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless">
      <LibraryBar scope={scope} />
      {scope.libraryId === undefined ? (
        <Empty description={t('chooseLibrary')} />
      ) : (
        <ListPage<Publication, PublicationFilters>
          ref={list}
          listQuery={(q) => publicationQueries.list({ ...q, libraryId })}
          rowKey="publicationId"
          selection="multiple"
          columns={columns}
          searchFields={
            <Form.Item name="name" label={t('fields.name')}>
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
          }
          toolbar={({ selectedRows }) => (
            <>
              <HasPermi value={[PublicationPerm.add]}>
                <Button type="primary" ghost icon={<PlusOutlined />} disabled={scope.readOnly} onClick={() => setDialog({ open: true })}>
                  {tc('add')}
                </Button>
              </HasPermi>
              <HasPermi value={[PublicationPerm.remove]}>
                <Button danger icon={<DeleteOutlined />} disabled={scope.readOnly || selectedRows.length === 0} onClick={() => removeRows(selectedRows)}>
                  {tc('delete')}
                </Button>
              </HasPermi>
            </>
          )}
        />
      )}
      <PublicationFormDialog
        open={dialog.open}
        libraryId={libraryId}
        libraryType={scope.library?.libraryType}
        defaultBranch={scope.branch ?? 'main'}
        publicationId={dialog.publicationId}
        onClose={() => setDialog({ open: false })}
      />
      {publishing && (
        <PublishDialog
          open
          libraryId={publishing.libraryId}
          target={{ publicationId: publishing.publicationId }}
          onClose={() => {
            setOutputsOf(publishing);
            setPublishing(null);
          }}
        />
      )}
      <Drawer open={outputsOf !== null} title={t('outputsOf', { name: outputsOf?.name ?? '' })} size={960} onClose={() => setOutputsOf(null)} destroyOnHidden>
        {outputsOf && <OutputTable scope={{ publicationId: outputsOf.publicationId }} />}
      </Drawer>
    </Card>
  );
}
