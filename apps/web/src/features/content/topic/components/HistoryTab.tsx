import { DiffOutlined, EyeOutlined } from '@ant-design/icons';
import type { TopicDetail, TopicHistory } from '@ccms/contracts/content/topic';
import { Alert, Button, Card, Drawer, Empty, Space, Spin, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiffView } from '../../document/components/DiffView';
import { tokenizeXml } from '../../explorer/xml-highlight';
import { formatTime, shortCommit } from '../../shared/catalog-status';
import type { DiffPair } from '../topic-api';
import { useTopicDiff, useTopicHistory, useTopicVersion } from '../topic-queries';
import '../../explorer/explorer.css';

type CommitRow = TopicHistory['commits'][number];

function XmlSource({ source }: { source: string }) {
  const tokens = useMemo(() => tokenizeXml(source), [source]);
  return (
    <pre className="ccms-code" data-testid="topic-version-content">
      {tokens.map((tok, i) =>
        tok.kind === 'text' ? (
          tok.text
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: tokens never move
          <span key={i} className={`xml-${tok.kind}`}>
            {tok.text}
          </span>
        ),
      )}
    </pre>
  );
}

/**
 * The revision history tab: the file's git log at the indexed commit; view any version, or pick
 * two (or one and the indexed version) and see them side by side.
 */
export function HistoryTab({ topic: tp }: { topic: TopicDetail }) {
  const { t } = useTranslation('topic');
  const history = useTopicHistory(tp.topicId);
  const [selected, setSelected] = useState<string[]>([]);
  const [viewing, setViewing] = useState<string | null>(null);
  const [pair, setPair] = useState<DiffPair | null>(null);
  const commits = history.data?.commits ?? [];

  const version = useTopicVersion(tp.topicId, viewing);
  const diff = useTopicDiff(tp.topicId, pair);

  /** Older first: the log is newest first, so the later index is the older commit. */
  const compareSelected = () => {
    const [a, b] = selected;
    if (!a || !b) return;
    const older = commits.findIndex((c) => c.commit === a) > commits.findIndex((c) => c.commit === b) ? a : b;
    setPair({ from: older, to: older === a ? b : a });
  };

  const columns: ColumnsType<CommitRow> = [
    {
      key: 'commit',
      dataIndex: 'commit',
      title: t('history.commit'),
      width: 110,
      render: (v: string) => (
        <Tooltip title={v}>
          <Typography.Text code>{shortCommit(v)}</Typography.Text>
        </Tooltip>
      ),
    },
    { key: 'message', dataIndex: 'message', title: t('history.message'), ellipsis: true },
    { key: 'author', dataIndex: 'author', title: t('history.author'), width: 160, ellipsis: true },
    { key: 'date', dataIndex: 'date', title: t('history.date'), width: 170, render: formatTime },
    {
      key: 'actions',
      title: t('history.actions'),
      width: 220,
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(row.commit)}>
            {t('history.view')}
          </Button>
          {row.commit !== tp.commit && (
            <Button type="link" size="small" icon={<DiffOutlined />} onClick={() => setPair({ from: row.commit })}>
              {t('history.compareCurrent')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  if (history.isLoading) return <Spin />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <Typography.Text type="secondary">{t('history.hint')}</Typography.Text>
        <Button icon={<DiffOutlined />} disabled={selected.length !== 2} onClick={compareSelected}>
          {t('history.compareSelected')}
        </Button>
      </Space>
      <div data-testid="topic-history">
        <Table<CommitRow>
          size="small"
          rowKey="commit"
          columns={columns}
          dataSource={commits}
          pagination={commits.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          rowSelection={{
            hideSelectAll: true,
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String).slice(-2)),
          }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        />
      </div>
      {pair && (
        <Card
          size="small"
          title={t('history.diffTitle')}
          extra={
            <Button size="small" onClick={() => setPair(null)}>
              {t('history.closeDiff')}
            </Button>
          }
        >
          {diff.isFetching ? <Spin /> : diff.data ? <DiffView diff={diff.data} /> : diff.isError && <Alert type="error" showIcon title={String(diff.error)} />}
        </Card>
      )}
      <Drawer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={t('history.versionTitle', { commit: shortCommit(viewing) })}
        size="large"
        styles={{ wrapper: { width: 'min(900px, 100vw)' } }}
      >
        {version.isFetching ? (
          <Spin />
        ) : version.data && !version.data.exists ? (
          <Empty description={t('history.notInVersion')} />
        ) : (
          version.data && <XmlSource source={version.data.content} />
        )}
      </Drawer>
    </Space>
  );
}
