import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_NUM, DEFAULT_PAGE_SIZE } from '@ccms/contracts/constants';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { Button, Form, Space, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type Key, type ReactNode, type Ref, useImperativeHandle, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyTextFor } from '../auth/Denied';
import { Pagination } from './Pagination';
import type { PageParams, PageResult } from './query';
import { RightToolbar } from './RightToolbar';
import './list.css';

/** A table column; `key` is required so it can be toggled. */
export interface ListColumn<Row> extends Omit<ColumnType<Row>, 'key'> {
  key: string;
  /** false keeps it out of the column toggle (selection, actions). Default true. */
  hideable?: boolean;
  /** Starts hidden (the user can show it). */
  defaultHidden?: boolean;
}

/** What toolbar buttons get: the selection and a reload. */
export interface ListContext<Row, Filters extends object = object> {
  selectedRowKeys: Key[];
  selectedRows: Row[];
  reload: () => void;
  /** The query of the page shown (filters, pageNum, pageSize, sort): for exports. */
  query: Filters & PageParams;
}

/** Imperative handle: reload after a dialog saved, clear the selection after a delete. */
export interface ListPageHandle {
  reload(): void;
  clearSelection(): void;
}

/** One page's query, as an entity's `<entity>Queries.list(params)` builds it (key from its key factory). */
export interface ListQuery<Row> {
  queryKey: QueryKey;
  queryFn: () => Promise<PageResult<Row>>;
}

/** Where rows come from: the entity's data layer, e.g. `(q) => tagQueries.list({ ...q, libraryId })`. */
type ListSource<Row, Filters> = { listQuery: (query: Filters & PageParams) => ListQuery<Row> };

export type ListPageProps<Row extends object, Filters extends object> = ListSource<Row, Filters> & ListPageOptions<Row, Filters>;

interface ListPageOptions<Row extends object, Filters extends object> {
  columns: readonly ListColumn<Row>[];
  rowKey: Extract<keyof Row, string> | ((row: Row) => Key);
  /** Fields of the search form (antd Form.Item elements whose names are filter keys). */
  searchFields?: ReactNode;
  /** Initial (and reset) filter values. */
  initialFilters?: Partial<Filters>;
  /** Turns form values into the call's filters (date ranges -> params[beginTime], ...). */
  toQuery?: (values: Partial<Filters>) => Partial<Filters>;
  /** Buttons left of the right toolbar (add, edit, delete, export...). */
  toolbar?: (ctx: ListContext<Row, Filters>) => ReactNode;
  /** Row selection; default none. */
  selection?: 'multiple' | 'single';
  /** false for lists answered without paging (tree tables). Default true. */
  paginated?: boolean;
  defaultPageSize?: number;
  tableProps?: Omit<TableProps<Row>, 'columns' | 'dataSource' | 'rowKey' | 'pagination' | 'loading' | 'rowSelection'>;
  ref?: Ref<ListPageHandle>;
}

/**
 * The generic list screen of the admin pages: search form, toolbar, table with a column
 * toggle, and the spec's pagination (10/20/30/50, default 20).
 *
 * Usage:
 * ```tsx
 * <ListPage<Post, PostFilters>
 *   listQuery={(q) => postQueries.list(q)}
 *   rowKey="postId"
 *   selection="multiple"
 *   searchFields={<Form.Item name="postName" label={t('postName')}><Input allowClear /></Form.Item>}
 *   toolbar={({ selectedRowKeys, reload }) => <HasPermi value={['system:post:add']}><Button onClick={add}>{t('common:add')}</Button></HasPermi>}
 *   columns={[{ key: 'postName', dataIndex: 'postName', title: t('postName') }]}
 *   ref={listRef}
 * />
 * ```
 */
export function ListPage<Row extends object, Filters extends object = Record<string, unknown>>(props: ListPageProps<Row, Filters>) {
  const {
    columns,
    rowKey,
    searchFields,
    initialFilters,
    toQuery = (v) => v,
    toolbar,
    selection,
    paginated = true,
    defaultPageSize = DEFAULT_PAGE_SIZE,
    tableProps,
    ref,
  } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<Partial<Filters>>();
  const [showSearch, setShowSearch] = useState(true);
  const [filters, setFilters] = useState<Partial<Filters>>(() => toQuery(initialFilters ?? {}));
  const [page, setPage] = useState({ pageNum: DEFAULT_PAGE_NUM, pageSize: defaultPageSize });
  const [sort, setSort] = useState<Pick<PageParams, 'orderByColumn' | 'isAsc'>>({});
  const [hidden, setHidden] = useState<string[]>(() => columns.filter((c) => c.defaultHidden).map((c) => c.key));
  const [selectedRowKeys, setSelectedRowKeys] = useState<Key[]>([]);
  const [selectedRows, setSelectedRows] = useState<Row[]>([]);

  const query = useMemo(() => ({ ...filters, ...(paginated ? page : {}), ...sort }) as Filters & PageParams, [filters, page, sort, paginated]);
  const source: ListQuery<Row> = props.listQuery(query);
  const list = useQuery({ ...source, placeholderData: keepPreviousData });

  const clearSelection = () => {
    setSelectedRowKeys([]);
    setSelectedRows([]);
  };
  const reload = () => {
    list.refetch();
  };
  useImperativeHandle(ref, () => ({ reload, clearSelection }));

  const search = (values: Partial<Filters>) => {
    setFilters(toQuery(values));
    setPage((p) => ({ ...p, pageNum: DEFAULT_PAGE_NUM }));
    clearSelection();
  };
  const reset = () => {
    form.resetFields();
    setSort({});
    search(form.getFieldsValue(true));
  };

  const shownColumns = columns.filter((c) => !hidden.includes(c.key));
  // A refused list says which right is missing instead of looking empty.
  const deniedText = emptyTextFor(list.error);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  return (
    <div className="list-page">
      {searchFields && showSearch && (
        <Form<Partial<Filters>> form={form} layout="inline" className="list-search" initialValues={initialFilters} onFinish={search}>
          {searchFields}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('search')}
              </Button>
              <Button icon={<ReloadOutlined />} onClick={reset}>
                {t('reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <div className="list-toolbar">
        {/* A flex row, not <Space>: buttons a component returns in a fragment (CrudButtons) are
            separate boxes here and get their gap, where <Space> would give them one slot together. */}
        <div className="list-toolbar-buttons">{toolbar?.({ selectedRowKeys, selectedRows, reload, query })}</div>
        <RightToolbar
          showSearch={showSearch}
          onToggleSearch={searchFields ? () => setShowSearch((s) => !s) : undefined}
          onRefresh={reload}
          columns={columns.filter((c) => c.hideable !== false).map((c) => ({ key: c.key, title: c.title as ReactNode }))}
          hidden={hidden}
          onHiddenChange={setHidden}
        />
      </div>
      <Table<Row>
        {...tableProps}
        rowKey={rowKey}
        columns={shownColumns}
        dataSource={rows}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content', ...tableProps?.scroll }}
        {...(deniedText ? { locale: { ...tableProps?.locale, emptyText: deniedText } } : {})}
        rowSelection={
          selection
            ? {
                type: selection === 'single' ? 'radio' : 'checkbox',
                selectedRowKeys,
                onChange: (keys, picked) => {
                  setSelectedRowKeys(keys);
                  setSelectedRows(picked);
                },
              }
            : undefined
        }
        onChange={(_p, _f, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const column = typeof one?.field === 'string' ? one.field : undefined;
          setSort(one?.order && column ? { orderByColumn: column, isAsc: one.order === 'ascend' ? 'ascending' : 'descending' } : {});
        }}
      />
      {paginated && <Pagination total={total} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />}
    </div>
  );
}
