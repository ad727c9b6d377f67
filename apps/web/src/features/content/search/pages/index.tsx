import { FileTextOutlined, ReadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@ccms/contracts/constants';
import { SEARCH_TYPES, type SearchHit, type SearchQuery } from '@ccms/contracts/content/search';
import { DOCUMENT_STATUSES } from '@ccms/contracts/content/status';
import { Card, Empty, Input, Select, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Pagination } from '../../../../shared/list/Pagination';
import '../../../../shared/list/list.css';
import { useDebounced } from '../../../../shared/use-debounced';
import { ScopeBar } from '../../document/components/ScopeBar';
import { shortCommit } from '../../shared/catalog-status';
import { documentDetailPath, topicDetailPath } from '../../shared/paths';
import { StatusTag } from '../../shared/StatusTag';
import { useLibraryScope } from '../../shared/use-library-scope';
import { EditTopicButton } from '../../topic-editor/components/EditTopicButton';
import { Highlight } from '../components/Highlight';
import { useSearch } from '../search-queries';
import '../../document/catalog.css';

/** How long typing must pause before the search runs. */
const SEARCH_DEBOUNCE_MS = 250;

type Filters = Pick<SearchQuery, 'type' | 'status' | 'owner'>;

function HitRow({ hit, onOpen }: { hit: SearchHit; onOpen: () => void }) {
  const { t } = useTranslation('search');
  return (
    <div className="search-hit" data-testid="search-hit">
      <Space wrap size={6}>
        {hit.type === 'document' ? <ReadOutlined /> : <FileTextOutlined />}
        <Typography.Link strong onClick={onOpen} data-testid="search-hit-title">
          <Highlight parts={hit.titleParts} fallback={hit.title || hit.path} />
        </Typography.Link>
        <Tag>{t(`types.${hit.type}`)}</Tag>
        <StatusTag status={hit.status} />
        {hit.docType && hit.type === 'topic' && <Tag>{hit.docType}</Tag>}
        {hit.type === 'topic' && <EditTopicButton libraryId={hit.libraryId} branch={hit.branch} path={hit.path} />}
      </Space>
      {hit.snippet.length > 0 && (
        <div className="search-hit-snippet" data-testid="search-hit-snippet">
          <Highlight parts={hit.snippet} />
        </div>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {hit.libraryName} · {hit.branch} <Tooltip title={hit.commit}>@{shortCommit(hit.commit)}</Tooltip> · {hit.path}
        {hit.owner && ` · ${t('owner')}: ${hit.owner}`} · {t(`matchedIn.${hit.matchedIn}`)}
      </Typography.Text>
    </div>
  );
}

/** Search (menu component ccms/search/index): full text over topics and documents, as you type. */
export default function SearchPage() {
  const { t } = useTranslation('search');
  const { t: td } = useTranslation('document');
  const navigate = useNavigate();
  const scope = useLibraryScope({ fallback: 'none' });
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const { libraryId, branch } = scope;

  const query: SearchQuery = {
    q,
    ...page,
    ...(libraryId !== undefined ? { libraryId, ...(branch ? { branch } : {}) } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.owner?.trim() ? { owner: filters.owner.trim() } : {}),
  };
  const result = useSearch(query);

  const setFilter = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage((p) => ({ ...p, pageNum: 1 }));
  };
  const open = (hit: SearchHit) => navigate(hit.type === 'document' ? documentDetailPath(hit.id) : topicDetailPath(hit.id));
  const data = q ? result.data : undefined;

  return (
    <Card variant="borderless">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input.Search
          size="large"
          allowClear
          autoFocus
          maxLength={200}
          placeholder={t('placeholder')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
          onSearch={(v) => setText(v)}
          loading={result.isFetching}
          aria-label={t('box')}
          data-testid="search-box"
        />
        <Space wrap>
          <ScopeBar scope={scope} optional hideIndex />
          <Select
            aria-label={t('type')}
            allowClear
            placeholder={t('type')}
            style={{ width: 120 }}
            value={filters.type}
            options={SEARCH_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            onChange={(v?: Filters['type']) => setFilter({ type: v })}
          />
          <Select
            aria-label={t('status')}
            allowClear
            placeholder={t('status')}
            style={{ width: 130 }}
            value={filters.status}
            options={DOCUMENT_STATUSES.map((v) => ({ value: v, label: td(`statuses.${v}`) }))}
            onChange={(v?: string) => setFilter({ status: v })}
          />
          <Input
            aria-label={t('owner')}
            allowClear
            placeholder={t('owner')}
            style={{ width: 140 }}
            value={filters.owner ?? ''}
            onChange={(e) => setFilter({ owner: e.target.value })}
          />
        </Space>
        {scope.noLibrary && <Empty description={td('addLibraryFirst')} />}
        {!q && !scope.noLibrary && <Typography.Text type="secondary">{t('hint')}</Typography.Text>}
        {q && result.isLoading && <Spin />}
        {data && (
          <>
            <Typography.Text type="secondary" data-testid="search-total">
              {t('total', { total: data.total, ms: data.tookMs })}
            </Typography.Text>
            {data.rows.length === 0 ? (
              <Empty description={t('noResults', { q })} />
            ) : (
              <div data-testid="search-results">
                {data.rows.map((hit) => (
                  <HitRow key={`${hit.type}:${hit.id}`} hit={hit} onOpen={() => open(hit)} />
                ))}
              </div>
            )}
            <Pagination total={data.total} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
          </>
        )}
      </Space>
    </Card>
  );
}
