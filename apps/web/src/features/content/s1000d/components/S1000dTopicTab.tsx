import type { TopicDetail } from '@ccms/contracts/content/topic';
import { Alert, Descriptions, Divider, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { XmlView } from '../../explorer/components/XmlView';
import type { ProductChoice } from '../s1000d-api';
import { FACT_KEYS, factText, isFactKey } from '../s1000d-facts';
import { useModuleInstance } from '../s1000d-queries';
import { IssueCycle } from './IssueCycle';
import { ProblemsTable } from './ProblemsTable';
import { ProductChooser } from './ProductChooser';

type TopicFacts = Pick<TopicDetail, 'topicId' | 'libraryId' | 'branch' | 'path' | 'no' | 'facts'>;

/** The data module's facts: the known ones in a fixed order and words, then any others as they come. */
function FactsList({ topic }: { topic: TopicFacts }) {
  const { t } = useTranslation('s1000d');
  const facts = topic.facts;
  const known = FACT_KEYS.filter((k) => facts[k] !== undefined && facts[k] !== '');
  const others = Object.keys(facts).filter((k) => k !== 'standard' && !isFactKey(k));
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} data-testid="s1000d-facts">
      <Descriptions.Item label={t('columns.dmc')}>{topic.no}</Descriptions.Item>
      {known.map((k) => (
        <Descriptions.Item key={k} label={t(`facts.${k}`)}>
          <span data-testid={`s1000d-fact-${k}`}>
            {k === 'refused' ? <Typography.Text type="danger">{facts[k]}</Typography.Text> : factText(t, k, facts[k])}
          </span>
        </Descriptions.Item>
      ))}
      {others.map((k) => (
        <Descriptions.Item key={k} label={k}>
          {facts[k]}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** The data module filtered for a product: whether it applies, what was removed, references left dangling, the XML. */
function InstancePanel({ topic }: { topic: TopicFacts }) {
  const { t } = useTranslation('s1000d');
  const [choice, setChoice] = useState<ProductChoice | null>(null);
  const instance = useModuleInstance(topic.topicId, choice);
  const data = instance.data;
  const removed = Object.entries(data?.removed ?? {}).map(([element, count]) => ({ element, count }));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ProductChooser scope={{ libraryId: topic.libraryId, branch: topic.branch }} value={choice} onChange={setChoice} testId="s1000d-instance-product" />
      {!choice && <Typography.Text type="secondary">{t('instance.choose')}</Typography.Text>}
      {instance.isFetching && <Spin />}
      {data && (
        <>
          {data.applies ? (
            <Tag color="success" data-testid="s1000d-instance-applies">
              {t('instance.applies')}
            </Tag>
          ) : (
            <Alert type="warning" showIcon title={<span data-testid="s1000d-instance-applies">{t('instance.notApplies')}</span>} />
          )}
          <div data-testid="s1000d-instance-removed">
            <Typography.Text strong>{t('instance.removed')}</Typography.Text>
            {removed.length === 0 ? (
              <Typography.Paragraph type="secondary">{t('instance.noneRemoved')}</Typography.Paragraph>
            ) : (
              <Table
                size="small"
                rowKey="element"
                dataSource={removed}
                pagination={false}
                style={{ maxWidth: 420 }}
                columns={[
                  { key: 'element', dataIndex: 'element', title: t('instance.element'), render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
                  { key: 'count', dataIndex: 'count', title: t('instance.count'), width: 90 },
                ]}
              />
            )}
          </div>
          {data.danglingRefs.length > 0 && (
            <div>
              <Typography.Text type="warning">{t('instance.dangling')}</Typography.Text>
              <Space wrap style={{ display: 'flex', marginTop: 4 }}>
                {data.danglingRefs.map((ref) => (
                  <Typography.Text code key={ref} data-testid="s1000d-instance-dangling">
                    {ref}
                  </Typography.Text>
                ))}
              </Space>
            </div>
          )}
          <Typography.Text strong>{t('instance.xml')}</Typography.Text>
          <div style={{ maxHeight: '60vh', overflow: 'auto' }}>
            <XmlView source={data.xml} testId="s1000d-instance-xml" />
          </div>
        </>
      )}
    </Space>
  );
}

/** The S1000D tab of a data module's detail: its facts, its issue cycle and issues, its problems, and its instance for a product. */
export function S1000dTopicTab({ topic }: { topic: TopicFacts }) {
  const { t } = useTranslation('s1000d');
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <FactsList topic={topic} />
      <Divider titlePlacement="start">{t('cycle.title')}</Divider>
      <IssueCycle target={{ libraryId: topic.libraryId, branch: topic.branch, path: topic.path }} />
      <Divider titlePlacement="start">{t('problems.button')}</Divider>
      <ProblemsTable scope={{ libraryId: topic.libraryId, branch: topic.branch }} path={topic.path} testId="s1000d-file-problems" />
      <Divider titlePlacement="start">{t('instance.title')}</Divider>
      <InstancePanel topic={topic} />
    </Space>
  );
}
