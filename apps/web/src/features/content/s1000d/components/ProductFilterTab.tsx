import type { DocumentDetail } from '@ccms/contracts/content/document';
import type { FilteredModule } from '@ccms/contracts/content/s1000d';
import { Alert, Checkbox, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { topicDetailPath } from '../../shared/paths';
import type { ProductChoice } from '../s1000d-api';
import { useProductFilter } from '../s1000d-queries';
import { ProductChooser } from './ProductChooser';

/** A publication module's data modules for one product: which apply, which do not, and how many. */
export function ProductFilterTab({ document }: { document: Pick<DocumentDetail, 'documentId' | 'libraryId' | 'branch'> }) {
  const { t } = useTranslation('s1000d');
  const navigate = useNavigate();
  const [choice, setChoice] = useState<ProductChoice | null>(null);
  const [onlyNotApplicable, setOnlyNotApplicable] = useState(false);
  const filter = useProductFilter(document.documentId, choice);
  const data = filter.data;
  const modules = data?.modules ?? [];
  const shown = onlyNotApplicable ? modules.filter((m) => !m.applies) : modules;
  const open = (m: FilteredModule) => {
    if (m.topicId !== null) navigate(topicDetailPath(m.topicId));
  };

  const columns: ColumnType<FilteredModule>[] = [
    {
      key: 'code',
      dataIndex: 'code',
      title: t('filter.code'),
      render: (v: string, m) =>
        m.topicId !== null ? (
          <Typography.Link
            onClick={(e) => {
              e.stopPropagation();
              open(m);
            }}
          >
            {v}
          </Typography.Link>
        ) : (
          v
        ),
    },
    { key: 'title', dataIndex: 'title', title: t('filter.title'), ellipsis: true },
    { key: 'applic', dataIndex: 'applic', title: t('filter.applic'), ellipsis: true },
    {
      key: 'applies',
      dataIndex: 'applies',
      title: t('filter.applies'),
      width: 110,
      render: (v: boolean) => <Tag color={v ? 'success' : 'default'}>{v ? t('filter.yes') : t('filter.no')}</Tag>,
    },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ProductChooser scope={{ libraryId: document.libraryId, branch: document.branch }} value={choice} onChange={setChoice} testId="s1000d-filter-product" />
      {!choice && <Typography.Text type="secondary">{t('filter.choose')}</Typography.Text>}
      {filter.isFetching && !data && <Spin />}
      {data && (
        <>
          <Space wrap>
            <Typography.Text strong data-testid="s1000d-filter-count">
              {t('filter.count', { applicable: data.applicable, total: data.applicable + data.notApplicable })}
            </Typography.Text>
            <Checkbox checked={onlyNotApplicable} onChange={(e) => setOnlyNotApplicable(e.target.checked)} data-testid="s1000d-filter-only-not">
              {t('filter.onlyNotApplicable')}
            </Checkbox>
          </Space>
          {Object.keys(data.assignment).length > 0 && (
            <Alert
              type="info"
              title={t('filter.assignment', {
                values: Object.entries(data.assignment)
                  .map(([k, v]) => `${k}=${v}`)
                  .join(', '),
              })}
            />
          )}
          <Table<FilteredModule>
            size="small"
            rowKey={(m) => `${m.path}#${m.code}`}
            loading={filter.isFetching}
            dataSource={shown}
            columns={columns}
            pagination={false}
            onRow={(m) =>
              ({
                'data-testid': 's1000d-filter-row',
                'data-applies': String(m.applies),
                onClick: () => open(m),
                style: m.topicId !== null ? { cursor: 'pointer' } : undefined,
              }) as React.HTMLAttributes<HTMLElement>
            }
          />
        </>
      )}
    </Space>
  );
}
