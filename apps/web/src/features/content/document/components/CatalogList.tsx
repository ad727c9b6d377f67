import type { QueryKey } from '@tanstack/react-query';
import { Button, Card, Form, Input, Progress, Select, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { type ListColumn, type ListContext, ListPage } from '../../../../shared/list/ListPage';
import type { PageParams } from '../../../../shared/list/query';
import type { CatalogPage } from '../../catalog/catalog-api';
import { type AnyStatus, formatTime } from '../../shared/catalog-status';
import { StatusTag } from '../../shared/StatusTag';
import type { LibraryScope } from '../../shared/use-library-scope';
import type { Scope } from '../document-api';
import { ScopeBar, ScopeNotice } from './ScopeBar';
import { SetStatusDialog } from './SetStatusDialog';
import '../catalog.css';

/** What every catalogue row (document, topic) has. */
interface CatalogRow {
  status: string;
  owner: string;
  percentage: number;
  updateTime: string | Date | null;
}

export interface CatalogListProps<Row extends CatalogRow, Filters extends object> {
  kind: 'document' | 'topic';
  scope: LibraryScope;
  rowKey: Extract<keyof Row, string>;
  /** The page of rows in the chosen library branch (the entity's `<entity>Queries.list`). */
  listQuery: (query: Filters & PageParams & Scope) => { queryKey: QueryKey; queryFn: () => Promise<CatalogPage<Row>> };
  /** The entity's columns before status, owner and progress, and after them (before the update time). */
  columns: { before: ListColumn<Row>[]; after: ListColumn<Row>[] };
  /** The entity's search fields before status and owner, and after them. */
  searchFields: { before: ReactNode; after: ReactNode };
  /** The statuses the filter offers. */
  statuses: readonly AnyStatus[];
  /** The permission to set a status. */
  editPerm: string;
  /** The row's title in the set-status dialog. */
  titleOf: (row: Row) => string;
  /** Opens the row's detail page. */
  onOpen: (row: Row) => void;
  /** Sends a status change (a catalogue mutation, which refreshes the list). */
  setStatus: (row: Row, values: { status: AnyStatus; comment: string }) => Promise<unknown>;
  toolbar?: (ctx: ListContext<Row, Filters>) => ReactNode;
  /** More row actions, after the detail link (e.g. open in the editor). */
  rowActions?: (row: Row) => ReactNode;
  /** Shown above the list once a library is chosen (e.g. a "new topic" button). */
  header?: ReactNode;
}

/**
 * The list screen of a catalogue entity (documents, topics): library and branch, the index it was
 * read from, the entity's columns with status, owner, progress and update time, a detail link and
 * the set-status dialog.
 */
export function CatalogList<Row extends CatalogRow, Filters extends object>({
  kind,
  scope,
  rowKey,
  listQuery,
  columns,
  searchFields,
  statuses,
  editPerm,
  titleOf,
  onOpen,
  setStatus,
  toolbar,
  rowActions,
  header,
}: CatalogListProps<Row, Filters>) {
  const { t } = useTranslation('document');
  // Column labels in the entity's own words (document and topic both name them).
  const { t: tk } = useTranslation(kind);
  const { t: tc } = useTranslation();
  const [statusOf, setStatusOf] = useState<Row | null>(null);
  const [listed, setListed] = useState<{ commit: string; indexedAt: string | Date | null } | null>(null);
  const { libraryId, branch } = scope;

  const all: ListColumn<Row>[] = [
    ...columns.before,
    { key: 'status', dataIndex: 'status', title: tk('status'), width: 110, sorter: true, render: (v: string) => <StatusTag status={v} /> },
    { key: 'owner', dataIndex: 'owner', title: tk('owner'), width: 110, sorter: true },
    { key: 'percentage', dataIndex: 'percentage', title: tk('percentage'), width: 130, render: (v: number) => <Progress percent={v} size="small" /> },
    ...columns.after,
    { key: 'updateTime', dataIndex: 'updateTime', title: tk('updateTime'), width: 170, sorter: true, render: formatTime },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: rowActions ? 230 : 170,
      fixed: 'right',
      render: (_: unknown, row: Row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onOpen(row)}>
            {t('detail')}
          </Button>
          {rowActions?.(row)}
          <HasPermi value={[editPerm]}>
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
      <ScopeBar scope={scope} listed={listed} />
      <ScopeNotice scope={scope} />
      {libraryId !== undefined && header}
      {libraryId !== undefined && (
        <ListPage<Row, Filters>
          // A library of another standard has other columns: the column toggle starts again.
          key={scope.standard}
          listQuery={(q) => {
            const page = listQuery({ ...q, libraryId, ...(branch ? { branch } : {}) });
            return {
              queryKey: page.queryKey,
              // The commit the rows were read from shows when the index state cannot be read (no catalogue rights).
              queryFn: async () => {
                const rows = await page.queryFn();
                setListed({ commit: rows.commit, indexedAt: rows.indexedAt });
                return rows;
              },
            };
          }}
          rowKey={rowKey}
          columns={all}
          searchFields={
            <>
              {searchFields.before}
              <Form.Item name="status" label={tk('status')}>
                <Select allowClear style={{ width: 130 }} placeholder={tk('status')} options={statuses.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
              </Form.Item>
              <Form.Item name="owner" label={tk('owner')}>
                <Input allowClear style={{ width: 130 }} />
              </Form.Item>
              {searchFields.after}
            </>
          }
          {...(toolbar ? { toolbar } : {})}
        />
      )}
      <SetStatusDialog
        target={statusOf ? { kind, title: titleOf(statusOf), current: statusOf.status } : null}
        submit={(v) => (statusOf ? setStatus(statusOf, v) : Promise.resolve())}
        onClose={() => setStatusOf(null)}
        onDone={() => setStatusOf(null)}
      />
    </Card>
  );
}
