import type { TopicDetail } from '@ccms/contracts/content/topic';
import { Divider, Empty, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { IndexedCommit } from '../../document/components/IndexedCommit';
import { LinksTable } from '../../document/components/LinksTable';
import { usePlaceOpener } from '../../document/components/use-place-opener';
import { useTopicReferences } from '../topic-queries';

/** The references tab: what the topic points at and what points at it; each row opens its place. */
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
      {viewer}
    </Space>
  );
}
