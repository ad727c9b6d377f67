import type { DocumentDetail } from '@ccms/contracts/content/document';
import { DocumentPerm } from '@ccms/contracts/content/document';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Descriptions, Divider, Form, Input, InputNumber, Row, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHasPermi } from '../../../../shared/auth/HasPermi';
import { formatTime } from '../catalog-status';
import { documentApi } from '../document-api';
import { StatusTag } from './StatusTag';

interface PropsValues {
  owner: string;
  percentage: number;
  approval: string;
  category: string;
  department: string;
  manualStatus: string;
  tags: string[];
}

/** The properties tab: what git holds (read only) and the database metadata (editable with write access). */
export function DocumentPropsTab({ document: d }: { document: DocumentDetail }) {
  const { t } = useTranslation('document');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<PropsValues>();
  const editable = useHasPermi([DocumentPerm.edit]) && d.canWrite;
  const save = useMutation({
    mutationFn: (v: PropsValues) => documentApi.update({ documentId: d.documentId, ...v, owner: v.owner.trim() }),
    onSuccess: async () => {
      message.success(t('saved'));
      await client.invalidateQueries({ queryKey: ['ccms', 'document'] });
    },
  });
  return (
    <>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('docNbr')}>{d.docNbr}</Descriptions.Item>
        <Descriptions.Item label={t('name')}>{d.name}</Descriptions.Item>
        <Descriptions.Item label={t('path')}>{d.path}</Descriptions.Item>
        <Descriptions.Item label={t('revision')}>{d.revision}</Descriptions.Item>
        <Descriptions.Item label={t('lang')}>{d.lang}</Descriptions.Item>
        <Descriptions.Item label={t('status')}>
          <StatusTag status={d.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('mapType')}>
          {d.isBookmap ? 'bookmap' : 'map'}
          {d.isSubmap && <Tag style={{ marginInlineStart: 8 }}>{t('submap')}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('topicCount')}>{d.topicCount}</Descriptions.Item>
        <Descriptions.Item label={t('brokenCount')}>{d.brokenCount}</Descriptions.Item>
        <Descriptions.Item label={t('problems')}>{d.problems}</Descriptions.Item>
        <Descriptions.Item label={t('createTime')}>{formatTime(d.createTime)}</Descriptions.Item>
        <Descriptions.Item label={t('updateTime')}>{formatTime(d.updateTime)}</Descriptions.Item>
      </Descriptions>
      <Divider titlePlacement="start">{t('metadata')}</Divider>
      <Form<PropsValues>
        name="document-props"
        form={form}
        layout="vertical"
        disabled={!editable}
        initialValues={{
          owner: d.owner,
          percentage: d.percentage,
          approval: d.approval,
          category: d.category,
          department: d.department,
          manualStatus: d.manualStatus,
          tags: d.tags,
        }}
        onFinish={(v) => save.mutate(v)}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="owner" label={t('owner')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="percentage" label={t('percentage')}>
              <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="manualStatus" label={t('manualStatus')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="approval" label={t('approval')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="category" label={t('category')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
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
