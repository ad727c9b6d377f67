import type { TopicDetail } from '@ccms/contracts/content/topic';
import { Divider, Empty, Space, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { IndexedCommit } from '../../document/components/IndexedCommit';
import { LinksTable } from '../../document/components/LinksTable';
import { usePlaceOpener } from '../../document/components/use-place-opener';
import { useTopicReferences } from '../topic-queries';

/**
 * The references tab: what the topic points at and what points at it; each row opens its place.
 * Where used includes the regulation clauses linked to the topic or one of its elements.
 */
export function ReferencesTab({ topic: tp }: { topic: TopicDetail }) {
  const { t } = useTranslation('topic');
  const refs = useTopicReferences(tp.topicId);
  const { open, viewer } = usePlaceOpener(tp.libraryId, tp.branch);
  if (refs.isLoading) return <Spin />;
  const data = refs.data;
  if (!data) return <Empty />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <IndexedCommit commit={data.commit} indexedAt={data.indexedAt} branch={data.branch} />
      <Divider titlePlacement="start">{t('outgoing', { count: data.outgoing.length })}</Divider>
      <LinksTable links={data.outgoing} direction="outgoing" onOpen={open} testId="refs-outgoing" />
      <Divider titlePlacement="start">{t('incoming', { count: data.incoming.length })}</Divider>
      <LinksTable links={data.incoming} direction="incoming" onOpen={open} testId="refs-incoming" />
      <Divider titlePlacement="start">{t('clauses.title', { count: data.clauses.length })}</Divider>
      <Table
        data-testid="refs-clauses"
        rowKey="linkId"
        size="small"
        pagination={false}
        dataSource={data.clauses}
        columns={[
          { title: t('clauses.regulation'), key: 'regulation', render: (_, c) => `${c.regulationName} (${c.regulationRevision})` },
          { title: t('clauses.clause'), key: 'clause', render: (_, c) => `${c.clauseNumber} ${c.clauseTitle}` },
          { title: t('clauses.element'), dataIndex: 'elementId', render: (id: string) => (id ? `#${id}` : t('clauses.wholeTopic')) },
          { title: t('clauses.means'), dataIndex: 'means' },
          { title: t('clauses.state'), dataIndex: 'flagged', render: (f: boolean) => (f ? <Tag color="warning">{t('clauses.flagged')}</Tag> : null) },
        ]}
      />
      {viewer}
    </Space>
  );
}
