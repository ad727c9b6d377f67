import { ProjectPerm } from '@ccms/contracts/work/project';
import { NOTICE_TYPES, type ProjectConfigBody, REVIEW_RULES } from '@ccms/contracts/work/project-config';
import { App, Button, Card, Col, Form, Row, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermi } from '../../../../shared/auth/HasPermi';
import { useProjectConfig, useSaveProjectConfig } from '../project-queries';
import { UserSelect } from './pickers';

type FormValues = Omit<ProjectConfigBody, 'projectId' | 'writerId' | 'writeReviewerId' | 'translatorId' | 'translateReviewerId'> & {
  writerId: number | null;
  writeReviewerId: number | null;
  translatorId: number | null;
  translateReviewerId: number | null;
};

const PEOPLE = ['writer', 'writeReviewer', 'translator', 'translateReviewer'] as const;

/** Who writes, reviews and translates, notices and the review rule; all four people must be selected. */
export function ProjectConfigCard({ projectId, canConfigure }: { projectId: number; canConfigure: boolean }) {
  const { t } = useTranslation('project');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const editable = useHasPermi([ProjectPerm.edit]) && canConfigure;
  const config = useProjectConfig(projectId);
  const saveConfig = useSaveProjectConfig();
  useEffect(() => {
    if (!config.data) return;
    const { projectId: _p, configured: _c, ...values } = config.data;
    form.setFieldsValue({
      ...values,
      noticeType: values.noticeType === 'email' ? 'email' : 'system',
      reviewRule: values.reviewRule === 'one' ? 'one' : 'all',
    });
  }, [config.data, form]);
  const save = (v: FormValues) =>
    saveConfig.mutate(
      {
        ...v,
        projectId,
        writerId: v.writerId ?? 0,
        writeReviewerId: v.writeReviewerId ?? 0,
        translatorId: v.translatorId ?? 0,
        translateReviewerId: v.translateReviewerId ?? 0,
      },
      { onSuccess: () => message.success(t('config.saved')) },
    );

  return (
    <Card
      size="small"
      title={t('config.title')}
      extra={config.data && !config.data.configured && <Typography.Text type="secondary">{t('config.notConfigured')}</Typography.Text>}
    >
      <Form<FormValues> form={form} labelCol={{ flex: '120px' }} labelWrap disabled={!editable} onFinish={save} name="project-config-form">
        <Row gutter={16}>
          {PEOPLE.map((p) => (
            <Col xs={24} md={12} key={p}>
              <Form.Item name={`${p}Id`} label={t(`config.${p}`)} rules={[{ required: true, message: t(`config.${p}Required`) }]}>
                <UserSelect allowClear />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} md={12}>
            <Form.Item name="reviewRule" label={t('config.reviewRule')}>
              <Select options={REVIEW_RULES.map((v) => ({ value: v, label: t(`config.reviewRules.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="notice" label={t('config.notice')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="existTranslate" label={t('config.existTranslate')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="noticeType" label={t('config.noticeType')}>
              <Select options={NOTICE_TYPES.map((v) => ({ value: v, label: t(`config.noticeTypes.${v}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        {editable && (
          <Button type="primary" htmlType="submit" loading={saveConfig.isPending}>
            {t('config.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
