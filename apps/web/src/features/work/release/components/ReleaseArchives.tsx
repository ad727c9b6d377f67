import type { Release } from '@ccms/contracts/work/release';
import type { ReleaseLog } from '@ccms/contracts/work/release-log';
import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { releaseLogQueries } from '../../release-log/release-log-queries';

/** The outputs archived to a release: the project's release log rows whose version is the release's title. */
export function ReleaseArchives({ release }: { release: Release }) {
  const { t } = useTranslation('release');
  const logs = useQuery(releaseLogQueries.list({ projectId: release.projectId, version: release.title, pageNum: 1, pageSize: 100 }));
  // The filter matches part of the version: keep this release's own rows.
  const rows = (logs.data?.rows ?? []).filter((r) => r.version === release.title && r.archive);
  return (
    <div data-testid="release-archives">
      <Typography.Text strong>{t('archives.title')}</Typography.Text>
      <Table<ReleaseLog>
        size="small"
        rowKey="logId"
        loading={logs.isLoading}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('archives.none') }}
        columns={[
          { key: 'archive', dataIndex: 'archive', title: t('archives.archive') },
          { key: 'commitComment', dataIndex: 'commitComment', title: t('archives.comment'), ellipsis: true },
          { key: 'createBy', dataIndex: 'createBy', title: t('archives.createBy'), width: 120 },
          {
            key: 'createTime',
            dataIndex: 'createTime',
            title: t('archives.createTime'),
            width: 180,
            render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : ''),
          },
        ]}
      />
    </div>
  );
}
