import type { TopicDetail } from '@ccms/contracts/content/topic';
import { TopicPerm } from '@ccms/contracts/content/topic';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Descriptions, Divider, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHasPermi } from '../../../../shared/auth/HasPermi';
import { formatTime } from '../../document/catalog-status';
import { StatusTag } from '../../document/components/StatusTag';
import { documentDetailPath } from '../../document/paths';
import { topicApi } from '../topic-api';

interface PropsValues {
  owner: string;
  percentage: number;
  category: string;
  department: string;
  tags: string[];
}

/** The properties tab: what git holds, the maps that read the topic, and the editable database metadata. */
export function TopicPropsTab({ topic: tp }: { topic: TopicDetail }) {
  const { t } = useTranslation('topic');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<PropsValues>();
  const editable = useHasPermi([TopicPerm.edit]) && tp.canWrite;
  const save = useMutation({
    mutationFn: (v: PropsValues) => topicApi.update({ topicId: tp.topicId, ...v, owner: v.owner.trim() }),
    onSuccess: async () => {
      message.success(t('saved'));
      await client.invalidateQueries({ queryKey: ['ccms', 'topic'] });
    },
  });
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
      <Divider titlePlacement="start">{t('metadata')}</Divider>
      <Form<PropsValues>
        name="topic-props"
        form={form}
        layout="vertical"
        disabled={!editable}
        initialValues={{ owner: tp.owner, percentage: tp.percentage, category: tp.category, department: tp.department, tags: tp.tags }}
        onFinish={(v) => save.mutate(v)}
      >
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item name="owner" label={t('owner')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="percentage" label={t('percentage')}>
              <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="category" label={t('category')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="department" label={t('department')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="tags" label={t('tags')}>
              <Select mode="tags" maxCount={30} tokenSeparators={[',']} open={false} />
            </Form.Item>
          </Col>
        </Row>
        {editable && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {tc('save')}
          </Button>
        )}
      </Form>
    </>
  );
}
