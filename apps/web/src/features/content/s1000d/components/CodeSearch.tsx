import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Space, Table } from 'antd';
import { type ReactNode, useState } from 'react';
import { useDebounced } from '../../../../shared/use-debounced';

const SEARCH_DEBOUNCE_MS = 250;

/** A row found by code or title: a data module (dmRef search) or a publication module (pmRef search). */
export interface CodeRow {
  path: string;
  code: string;
  title: string;
  issueInfo?: { issueNumber: string; inWork: string } | null;
}

interface CodeSearchProps<Row extends CodeRow> {
  /** The search for the typed text, from the feature's queries file (`topicEditorQueries.dmRefs(...)`). */
  query: (q: string) => { queryKey: readonly unknown[]; queryFn: () => Promise<Row[]> };
  placeholder: string;
  /** The code column's heading (DMC, PMC). */
  codeTitle: string;
  titleLabel: string;
  issueLabel: string;
  onPick: (row: Row) => void;
  /** data-testid of the search box and of each row. */
  testId: string;
  rowTestId?: string;
  /** Shown between the search box and the table (an option of the pick). */
  children?: ReactNode;
}

/**
 * Objects of an S1000D library found by code or title as one types (debounced), a click picks one:
 * what the PM editor's "add data module" and "add publication module" and the topic editor's dmRef
 * picker share.
 */
export function CodeSearch<Row extends CodeRow>({
  query,
  placeholder,
  codeTitle,
  titleLabel,
  issueLabel,
  onPick,
  testId,
  rowTestId,
  children,
}: CodeSearchProps<Row>) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const rows = useQuery({ ...query(q), placeholderData: keepPreviousData });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.Search
        allowClear
        autoFocus
        placeholder={placeholder}
        aria-label={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid={testId}
      />
      {children}
      <Table<Row>
        size="small"
        rowKey="path"
        loading={rows.isFetching}
        dataSource={rows.data ?? []}
        pagination={false}
        scroll={{ y: 360 }}
        onRow={(row) => ({ onClick: () => onPick(row), style: { cursor: 'pointer' }, ...(rowTestId ? { 'data-testid': rowTestId } : {}) }) as never}
        columns={[
          { title: codeTitle, dataIndex: 'code', width: 340 },
          { title: titleLabel, dataIndex: 'title' },
          { title: issueLabel, width: 90, render: (_, r) => (r.issueInfo ? `${r.issueInfo.issueNumber}-${r.issueInfo.inWork}` : '') },
        ]}
      />
    </Space>
  );
}
