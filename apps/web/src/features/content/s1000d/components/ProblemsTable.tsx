import { DEFAULT_PAGE_NUM, DEFAULT_PAGE_SIZE } from '@ccms/contracts/constants';
import { type CatalogScope, PROBLEM_SEVERITIES, type ProblemRow } from '@ccms/contracts/content/catalog';
import { Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { emptyTextFor } from '../../../../shared/auth/Denied';
import { Pagination } from '../../../../shared/list/Pagination';
import { useCatalogProblems } from '../../catalog/catalog-queries';
import { documentDetailPath, topicDetailPath } from '../../shared/paths';

type Severity = (typeof PROBLEM_SEVERITIES)[number];

export const SEVERITY_COLORS: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'processing' };

export interface ProblemsTableProps {
  scope: CatalogScope;
  /** Only this file's problems: the file column is left out. */
  path?: string;
  /** Severity and code filters above the table. */
  filters?: boolean;
  /** Called before a file link opens its detail (a drawer closes). */
  onOpen?: () => void;
  /** data-testid of the whole (a drawer's list, a tab's). */
  testId?: string;
}

/**
 * The located problems the index found in a branch (S1000D: broken references, schema, BREX), or in
 * one file: severity, where (file, line, XPath), the message in the user's language and its code.
 * A file that is a data or publication module opens its detail; problems of the whole library say so.
 */
export function ProblemsTable({ scope, path, filters = false, onOpen, testId }: ProblemsTableProps) {
  const { t } = useTranslation('s1000d');
  const navigate = useNavigate();
  const [severity, setSeverity] = useState<Severity | undefined>(undefined);
  const [code, setCode] = useState('');
  const [page, setPage] = useState({ pageNum: DEFAULT_PAGE_NUM, pageSize: DEFAULT_PAGE_SIZE });
  const problems = useCatalogProblems({
    ...scope,
    ...page,
    ...(path !== undefined ? { path } : {}),
    ...(severity ? { severity } : {}),
    ...(code ? { code } : {}),
  });
  const rows = problems.data?.rows ?? [];

  const open = (row: ProblemRow) => {
    const to = row.topicId !== null ? topicDetailPath(row.topicId) : row.documentId !== null ? documentDetailPath(row.documentId) : null;
    if (!to) return;
    onOpen?.();
    navigate(to);
  };

  const columns: ColumnType<ProblemRow>[] = [
    {
      key: 'severity',
      dataIndex: 'severity',
      title: t('problems.severity'),
      width: 90,
      render: (v: Severity) => (
        <Tag color={SEVERITY_COLORS[v]} data-testid="problem-severity">
          {t(`problems.severities.${v}`)}
        </Tag>
      ),
    },
    ...(path === undefined
      ? [
          {
            key: 'path',
            dataIndex: 'path',
            title: t('problems.file'),
            ellipsis: true,
            render: (v: string, row: ProblemRow) =>
              v === '' ? (
                <Tag data-testid="problem-whole-library">{t('problems.wholeLibrary')}</Tag>
              ) : row.topicId !== null || row.documentId !== null ? (
                <Typography.Link onClick={() => open(row)} data-testid="problem-file">
                  {v}
                </Typography.Link>
              ) : (
                v
              ),
          },
        ]
      : []),
    { key: 'line', dataIndex: 'line', title: t('problems.line'), width: 70, render: (v: number) => (v > 0 ? v : '') },
    { key: 'message', dataIndex: 'message', title: t('problems.message') },
    {
      key: 'xpath',
      dataIndex: 'xpath',
      title: t('problems.xpath'),
      ellipsis: true,
      render: (v: string) => (v ? <Typography.Text code>{v}</Typography.Text> : ''),
    },
    { key: 'code', dataIndex: 'code', title: t('problems.code'), width: 150 },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
      {filters && (
        <Space wrap>
          <Select<Severity>
            allowClear
            aria-label={t('problems.severity')}
            placeholder={t('problems.severity')}
            style={{ width: 140 }}
            value={severity}
            options={PROBLEM_SEVERITIES.map((s) => ({ value: s, label: t(`problems.severities.${s}`) }))}
            onChange={(v) => {
              setSeverity(v);
              setPage((p) => ({ ...p, pageNum: DEFAULT_PAGE_NUM }));
            }}
            data-testid="problems-severity"
          />
          <Input.Search
            allowClear
            aria-label={t('problems.code')}
            placeholder={t('problems.codePlaceholder')}
            style={{ width: 220 }}
            onSearch={(v) => {
              setCode(v.trim());
              setPage((p) => ({ ...p, pageNum: DEFAULT_PAGE_NUM }));
            }}
            data-testid="problems-code"
          />
        </Space>
      )}
      <Table<ProblemRow>
        size="small"
        rowKey="problemId"
        loading={problems.isFetching}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={() => ({ 'data-testid': 'problem-row' }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: emptyTextFor(problems.error, t('problems.none')) }}
      />
      <Pagination
        total={problems.data?.total ?? 0}
        page={page.pageNum}
        limit={page.pageSize}
        autoScroll={false}
        onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
      />
    </Space>
  );
}
