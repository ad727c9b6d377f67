import { Alert, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PublicationList } from '../components/PublicationList';
import { SearchResults } from '../components/SearchResults';
import { usePortalList, usePortalSearch } from '../portal-queries';

/** The portal home: the latest publications the reader may read, or the pages a search found (?q=). */
export default function PortalHome() {
  const { t } = useTranslation('portal');
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const list = usePortalList({});
  const search = usePortalSearch(q);
  return (
    <main className="portal-page">
      <Typography.Title level={3}>{t('title')}</Typography.Title>
      {q ? (
        <SearchResults q={q} rows={search.data?.rows ?? []} total={search.data?.total ?? 0} loading={search.isFetching} />
      ) : list.isLoading ? (
        <Spin />
      ) : list.isError ? (
        <Alert type="error" showIcon message={t('loadFailed')} />
      ) : (
        <PublicationList rows={list.data?.rows ?? []} />
      )}
    </main>
  );
}
