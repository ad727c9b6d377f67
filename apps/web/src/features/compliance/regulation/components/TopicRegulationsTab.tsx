import { LinkOutlined } from '@ant-design/icons';
import { RegulationRelationPerm } from '@ccms/contracts/compliance/regulation';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { LinkDialog } from './LinkDialog';
import { LinksTable } from './LinksTable';

/** On a topic's detail: the clauses the topic answers, and "link to regulation". */
export function TopicRegulationsTab({ topic }: { topic: { topicId: number; libraryId: number; title: string } }) {
  const { t } = useTranslation('compliance');
  const [linking, setLinking] = useState(false);
  return (
    <>
      <HasPermi value={[RegulationRelationPerm.add]}>
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" ghost icon={<LinkOutlined />} onClick={() => setLinking(true)}>
            {t('link.linkToRegulation')}
          </Button>
        </Space>
      </HasPermi>
      <HasPermi value={[RegulationRelationPerm.list]}>
        <LinksTable params={{ topicId: topic.topicId }} showRegulation canWrite={false} />
      </HasPermi>
      <LinkDialog open={linking} topic={topic} onClose={() => setLinking(false)} />
    </>
  );
}
