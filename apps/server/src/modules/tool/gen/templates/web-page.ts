import type { GenFile } from '@ccms/contracts/tool/gen';
import { commentText as cm } from '../gen.literal';
import type { TemplateContext } from './context';

/** The list page: search, list (a tree table for the tree template), add, edit, delete. */
export function pageFile(ctx: TemplateContext): GenFile {
  const { e, E, k, area, pk, tree, sub, listed, queried, sortable, fnEn } = ctx;
  const listColumns = listed
    .map(
      (c) =>
        `    { key: '${c.propName}', dataIndex: '${c.propName}', title: t('${c.propName}')${!tree && sortable.includes(c.propName) ? ', sorter: true' : ''}${tree && c === tree.name ? ', hideable: false' : ''}${c.tsType === 'Date' ? ", render: (v: string | Date | null) => (v ? new Date(v).toLocaleString() : '')" : c.tsType === 'boolean' ? ", render: (v: boolean | null) => (v ? tc('yes') : tc('no'))" : ''} },`,
    )
    .join('\n');
  const searchFields = queried
    .filter((c) => c.queryType !== 'between')
    .map(
      (c) => `            <Form.Item name="${c.propName}" label={t('${c.propName}')}>
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>`,
    )
    .join('\n');
  const row = tree ? `${E}Node` : E;
  return {
    path: `apps/web/src/features/${area}/${k}/pages/index.tsx`,
    language: 'tsx',
    content: tree
      ? `import { PlusOutlined } from '@ant-design/icons';
import { ${E}Perm } from '@ccms/contracts/${area}/${k}';
import { App, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage } from '../../../../shared/list/ListPage';
import { ExpandToggle, useTreeExpansion } from '../../../system/shared/tree-expansion';
import { ${E}FormDialog } from '../components/${E}FormDialog';
import { type ${E}ListParams, type ${E}Node, ${e}Ids } from '../${k}-api';
import { ${e}Queries, useDelete${E} } from '../${k}-queries';

type Filters = ${E}ListParams;

/** ${cm(fnEn)}: a tree table with expand/collapse all, add (also below a row), edit, delete. */
export default function ${E}Page() {
  const { t } = useTranslation('${e}');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<{ open: boolean; id: number | undefined; parentId?: number }>({ open: false, id: undefined });
  const tree = useTreeExpansion(${e}Ids);
  const remove${E}s = useDelete${E}();

  const remove = async (rows: readonly ${row}[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { ids: rows.map((r) => r.${pk.propName}).join(', ') }), { type: 'danger' }))) return;
    await remove${E}s.mutateAsync(rows.map((r) => r.${pk.propName}));
    message.success(t('deleted'));
  };

  const columns: ListColumn<${row}>[] = [
${listColumns}
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 220,
      render: (_: unknown, row: ${row}) => (
        <Space size={0}>
          <CrudLinks row={row} edit={{ perm: ${E}Perm.edit, onClick: (r) => setDialog({ open: true, id: r.${pk.propName} }) }} remove={{ perm: ${E}Perm.remove, onClick: remove }} />
          <HasPermi value={[${E}Perm.add]}>
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, id: undefined, parentId: row.${pk.propName} })}>
              {tc('add')}
            </Button>
          </HasPermi>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<${row}, Filters>
        listQuery={(q) => tree.track(${e}Queries.list(q))}
        rowKey="${pk.propName}"
        paginated={false}
        columns={columns}
        tableProps={{ expandable: tree.expandable }}
        searchFields={
          <>
${searchFields}
          </>
        }
        toolbar={({ selectedRows }) => (
          <>
            <CrudButtons selected={selectedRows} add={{ perm: ${E}Perm.add, onClick: () => setDialog({ open: true, id: undefined }) }} />
            <ExpandToggle tree={tree} expandLabel={t('expandAll')} collapseLabel={t('collapseAll')} />
          </>
        )}
      />
      <${E}FormDialog open={dialog.open} id={dialog.id} parentId={dialog.parentId} onClose={() => setDialog({ open: false, id: undefined })} />
    </>
  );
}
`
      : `import { type ${E}, ${E}Perm } from '@ccms/contracts/${area}/${k}';
import { App, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { ${E}FormDialog } from '../components/${E}FormDialog';
import type { ${E}ListParams } from '../${k}-api';
import { ${e}Queries, useDelete${E} } from '../${k}-queries';

type Filters = Omit<${E}ListParams, 'pageNum' | 'pageSize'>;

/** ${cm(fnEn)}: search, list, add/edit dialog${sub ? ' (with the detail rows)' : ''}, delete. */
export default function ${E}Page() {
  const { t } = useTranslation('${e}');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; id: number | undefined }>({ open: false, id: undefined });
  const remove${E}s = useDelete${E}();

  const remove = async (rows: readonly ${E}[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { ids: rows.map((r) => r.${pk.propName}).join(', ') }), { type: 'danger' }))) return;
    await remove${E}s.mutateAsync(rows.map((r) => r.${pk.propName}));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const columns: ListColumn<${E}>[] = [
${listColumns}
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 160,
      render: (_: unknown, row: ${E}) => (
        <CrudLinks row={row} edit={{ perm: ${E}Perm.edit, onClick: (r) => setDialog({ open: true, id: r.${pk.propName} }) }} remove={{ perm: ${E}Perm.remove, onClick: remove }} />
      ),
    },
  ];

  return (
    <>
      <ListPage<${E}, Filters>
        ref={list}
        listQuery={${e}Queries.list}
        rowKey="${pk.propName}"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
${searchFields}
          </>
        }
        toolbar={({ selectedRows }) => (
          <CrudButtons
            selected={selectedRows}
            add={{ perm: ${E}Perm.add, onClick: () => setDialog({ open: true, id: undefined }) }}
            edit={{ perm: ${E}Perm.edit, onClick: (row) => setDialog({ open: true, id: row.${pk.propName} }) }}
            remove={{ perm: ${E}Perm.remove, onClick: remove }}
          />
        )}
      />
      <${E}FormDialog open={dialog.open} id={dialog.id} onClose={() => setDialog({ open: false, id: undefined })} />
    </>
  );
}
`,
  };
}
