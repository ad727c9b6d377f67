import { DeleteOutlined, EditOutlined, LinkOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { GLOSSARY_PERMS, type GlossaryKind } from '@ccms/contracts/content/glossary';
import { App, Button, Card, Empty, Form, Grid, Input, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { UsageDrawer } from '../../graphic/components/UsageDrawer';
import { formatTime } from '../../graphic/format';
import { LibraryBar } from '../../shared/LibraryBar';
import { useLibraryScope } from '../../shared/use-library-scope';
import { type GlossaryRow, glossaryApi } from '../glossary-api';
import { glossaryQueries, useDeleteGlossary } from '../glossary-queries';
import { GlossaryFormDialog } from './GlossaryFormDialog';
import { GlossaryImportDialog } from './GlossaryImportDialog';

interface Filters {
  name?: string;
  definition?: string;
}

/**
 * Abbreviations or terms of a library branch (ccms/abbreviation/index, ccms/term/index): search,
 * list with references, add/edit dialog, delete, where used, Excel import and export. Each change
 * is a commit of a DITA glossary entry.
 */
export function GlossaryPage({ kind }: { kind: GlossaryKind }) {
  const { t } = useTranslation('glossary');
  const { t: tr } = useTranslation('graphic');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const wide = Grid.useBreakpoint().md === true;
  const scope = useLibraryScope({ fallback: 'first' });
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; entry: GlossaryRow | null }>({ open: false, entry: null });
  const [usage, setUsage] = useState<GlossaryRow | null>(null);
  const [importing, setImporting] = useState(false);
  const perm = GLOSSARY_PERMS[kind];
  const api = glossaryApi(kind);
  const deleteEntries = useDeleteGlossary(kind);
  const at = { libraryId: scope.libraryId ?? 0, ...(scope.branch ? { branch: scope.branch } : {}) };
  const kindText = t(`glossary.${kind}`);
  const labels =
    kind === 'abbreviation'
      ? { name: t('glossary.abbreviationName'), definition: t('glossary.abbreviationDefinition') }
      : { name: t('glossary.name'), definition: t('glossary.definition') };

  if (scope.noLibrary) return <Empty description={tr('noLibrary')} />;

  const remove = async (rows: readonly GlossaryRow[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('glossary.confirmDelete', { kind: kindText, names: rows.map((r) => r.name).join(', ') }), { type: 'danger' }))) return;
    const r = await deleteEntries.mutateAsync({ ids: rows.map((row) => row.id), scope: at });
    message.success(t('glossary.deleted', { commit: r.commit.slice(0, 8) }));
    list.current?.clearSelection();
  };

  const columns: ListColumn<GlossaryRow>[] = [
    { key: 'name', dataIndex: 'name', title: labels.name, width: 200 },
    { key: 'definition', dataIndex: 'definition', title: labels.definition, ellipsis: true },
    {
      key: 'refs',
      dataIndex: 'refs',
      title: tr('refs'),
      width: 90,
      render: (v: number, row) => <Typography.Link onClick={() => setUsage(row)}>{v}</Typography.Link>,
    },
    { key: 'path', dataIndex: 'path', title: t('glossary.file'), width: 260, ellipsis: true },
    { key: 'updateBy', dataIndex: 'updateBy', title: t('glossary.updateBy'), width: 140, ellipsis: true },
    { key: 'updateTime', dataIndex: 'updateTime', title: t('glossary.updateTime'), width: 180, render: formatTime },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 220,
      ...(wide ? { fixed: 'right' as const } : {}),
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<LinkOutlined />} onClick={() => setUsage(row)}>
            {tr('whereUsed')}
          </Button>
          {!scope.readOnly && (
            <>
              <HasPermi value={[perm.edit]}>
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ open: true, entry: row })}>
                  {tc('edit')}
                </Button>
              </HasPermi>
              <HasPermi value={[perm.remove]}>
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
      {scope.libraryId === undefined || !scope.branch ? (
        <Empty description={tr('chooseLibrary')} />
      ) : (
        <ListPage<GlossaryRow, Filters>
          ref={list}
          listQuery={(q) => glossaryQueries.list(kind, { ...q, ...at })}
          rowKey="id"
          selection="multiple"
          columns={columns}
          searchFields={
            <>
              <Form.Item name="name" label={labels.name}>
                <Input allowClear placeholder={t('glossary.namePlaceholder')} style={{ width: 200 }} />
              </Form.Item>
              <Form.Item name="definition" label={labels.definition}>
                <Input allowClear placeholder={t('glossary.definitionPlaceholder')} style={{ width: 240 }} />
              </Form.Item>
            </>
          }
          toolbar={({ selectedRows, query }) => (
            <>
              <HasPermi value={[perm.add]}>
                <Button type="primary" ghost icon={<PlusOutlined />} disabled={scope.readOnly} onClick={() => setDialog({ open: true, entry: null })}>
                  {tc('add')}
                </Button>
              </HasPermi>
              <CrudButtons
                selected={selectedRows}
                edit={{ perm: perm.edit, disabled: () => scope.readOnly, onClick: (row) => setDialog({ open: true, entry: row }) }}
                remove={{ perm: perm.remove, disabled: () => scope.readOnly, onClick: remove }}
                export={{ perm: perm.export, onClick: () => api.export({ ...at, name: query.name, definition: query.definition }) }}
              >
                <HasPermi value={[perm.import]}>
                  <Button icon={<UploadOutlined />} disabled={scope.readOnly} onClick={() => setImporting(true)}>
                    {tc('import')}
                  </Button>
                </HasPermi>
              </CrudButtons>
            </>
          )}
        />
      )}
      <GlossaryFormDialog kind={kind} open={dialog.open} entry={dialog.entry} scope={at} onClose={() => setDialog({ open: false, entry: null })} />
      <GlossaryImportDialog kind={kind} open={importing} scope={at} onClose={() => setImporting(false)} onDone={() => setImporting(false)} />
      <UsageDrawer name={usage?.name ?? null} query={glossaryQueries.usage(kind, usage?.id ?? '', at)} onClose={() => setUsage(null)} />
    </Card>
  );
}
