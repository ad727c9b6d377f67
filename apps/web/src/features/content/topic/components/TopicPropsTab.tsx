import { type TopicDetail, TopicPerm, TopicProps } from '@ccms/contracts/content/topic';
import { Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHasPermi } from '../../../../shared/auth/HasPermi';
import { type CatalogMetadata, MetadataForm } from '../../catalog/MetadataForm';
import { formatTime } from '../../shared/catalog-status';
import { documentDetailPath } from '../../shared/paths';
import { StatusTag } from '../../shared/StatusTag';
import { useUpdateTopic } from '../topic-queries';

/** The properties tab: what git holds, the maps that read the topic, and the editable database metadata. */
export function TopicPropsTab({ topic: tp }: { topic: TopicDetail }) {
  const { t } = useTranslation('topic');
  const navigate = useNavigate();
  const editable = useHasPermi([TopicPerm.edit]) && tp.canWrite;
  const update = useUpdateTopic();
  return (
    <>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('no')}>{tp.no}</Descriptions.Item>
        <Descriptions.Item label={t('title')}>{tp.title}</Descriptions.Item>
        <Descriptions.Item label={t('code')}>{tp.code}</Descriptions.Item>
        <Descriptions.Item label={t('revision')}>{tp.revision}</Descriptions.Item>
        <Descriptions.Item label={t('manualType')}>{tp.manualType}</Descriptions.Item>
        <Descriptions.Item label={t('docType')}>{tp.docType}</Descriptions.Item>
        <Descriptions.Item label={t('folder')}>{tp.folder}</Descriptions.Item>
        <Descriptions.Item label={t('path')}>{tp.path}</Descriptions.Item>
        <Descriptions.Item label={t('language')}>{tp.language}</Descriptions.Item>
        <Descriptions.Item label={t('status')}>
          <StatusTag status={tp.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('refs')}>{tp.refs}</Descriptions.Item>
        <Descriptions.Item label={t('problems')}>{tp.problems}</Descriptions.Item>
        <Descriptions.Item label={t('shortdesc')} span={2}>
          {tp.shortdesc}
        </Descriptions.Item>
        <Descriptions.Item label={t('documents')} span={2}>
          <Space wrap>
            {tp.documents.length === 0 && <Typography.Text type="secondary">{t('noDocuments')}</Typography.Text>}
            {tp.documents.map((d) => (
              <Typography.Link key={d.documentId} onClick={() => navigate(documentDetailPath(d.documentId))} data-testid="topic-document">
                {d.name || d.path}
              </Typography.Link>
            ))}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('createTime')}>{formatTime(tp.createTime)}</Descriptions.Item>
        <Descriptions.Item label={t('updateTime')}>{formatTime(tp.updateTime)}</Descriptions.Item>
      </Descriptions>
      <MetadataForm<CatalogMetadata>
        ns="topic"
        name="topic-props"
        schema={TopicProps}
        editable={editable}
        initialValues={{ owner: tp.owner, percentage: tp.percentage, category: tp.category, department: tp.department, tags: tp.tags }}
        colMd={6}
        save={(v) => update.mutateAsync({ topicId: tp.topicId, ...v })}
      />
    </>
  );
}
