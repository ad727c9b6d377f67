import { ThunderboltOutlined } from '@ant-design/icons';
import type { JobBody, JobHandlerInfo } from '@ccms/contracts/monitor/job';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Col, Form, Input, Modal, Radio, Row, Select, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../../../i18n';
import { useDicts } from '../../../../shared/dict/use-dict';
import { jobApi, paramsText, parseParams } from '../job-api';
import '../job.css';
import { CronHelperDialog } from './CronHelperDialog';

export interface JobFormDialogProps {
  open: boolean;
  /** The job to edit; undefined adds one. */
  jobId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  jobName: string;
  jobGroup: string;
  invokeTarget: string | undefined;
  /** JSON text of the handler's parameters. */
  params: string;
  cronExpression: string;
  misfirePolicy: JobBody['misfirePolicy'];
  concurrent: JobBody['concurrent'];
  status: JobBody['status'];
  remark: string;
}

const EMPTY: Values = {
  jobName: '',
  jobGroup: 'DEFAULT',
  invokeTarget: undefined,
  params: '{}',
  cronExpression: '',
  misfirePolicy: '3',
  concurrent: '1',
  status: '1',
  remark: '',
};

const oneOf = <T extends string>(values: readonly T[], v: string, fallback: T): T => values.find((x) => x === v) ?? fallback;

function HandlerHelp({ handler }: { handler: JobHandlerInfo }) {
  const { t, i18n } = useTranslation('job');
  const lang = normalizeLanguage(i18n.language);
  return (
    <div className="job-handler-help">
      <div>{handler.description[lang] || handler.description.zh}</div>
      {handler.params.length === 0 ? (
        <div>{t('handlerNoParams')}</div>
      ) : (
        <ul aria-label={t('handlerParams')}>
          {handler.params.map((p) => (
            <li key={p.name}>
              <code>{p.name}</code> ({p.type}, {p.required ? t('required') : t('optional')}) — {p.description[lang] || p.description.zh}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Add or edit a job: handler picked from the server's list, JSON parameters, cron with its helper, policies. */
export function JobFormDialog({ open, jobId, onClose, onSaved }: JobFormDialogProps) {
  const { t } = useTranslation('job');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const { sys_job_group: groups, sys_job_status: statuses } = useDicts('sys_job_group', 'sys_job_status');
  const [form] = Form.useForm<Values>();
  const [cronOpen, setCronOpen] = useState(false);
  const editing = jobId !== undefined;
  const handlers = useQuery({ queryKey: ['monitor', 'job', 'handlers'], queryFn: jobApi.handlers, enabled: open, staleTime: 300_000 });
  const detail = useQuery({ queryKey: ['monitor', 'job', 'detail', jobId], queryFn: () => jobApi.get(jobId ?? 0), enabled: open && editing, gcTime: 0 });
  const target = Form.useWatch('invokeTarget', form);
  const cron = Form.useWatch('cronExpression', form) ?? '';
  const handler = handlers.data?.find((h) => h.name === target);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!editing) form.setFieldsValue(EMPTY);
    else if (detail.data) {
      const j = detail.data;
      form.setFieldsValue({
        jobName: j.jobName,
        jobGroup: j.jobGroup,
        invokeTarget: j.invokeTarget,
        params: paramsText(j.invokeParams),
        cronExpression: j.cronExpression,
        misfirePolicy: oneOf(['1', '2', '3'] as const, j.misfirePolicy, '3'),
        concurrent: oneOf(['0', '1'] as const, j.concurrent, '1'),
        status: oneOf(['0', '1'] as const, j.status, '1'),
        remark: j.remark,
      });
    }
  }, [open, editing, detail.data, form]);

  /** A new handler brings its example parameters, unless the user already wrote some. */
  const pickHandler = (name: string) => {
    const previous = handlers.data?.find((h) => h.name === form.getFieldValue('invokeTarget'));
    const next = handlers.data?.find((h) => h.name === name);
    const current = String(form.getFieldValue('params') ?? '').trim();
    if (next && (current === '' || current === '{}' || current === paramsText(previous?.example))) form.setFieldValue('params', paramsText(next.example));
  };

  const save = useMutation({
    mutationFn: ({ params, invokeTarget, ...rest }: Values) => {
      const body: JobBody = { ...rest, invokeTarget: invokeTarget ?? '', invokeParams: parseParams(params) ?? {}, jobGroup: rest.jobGroup || 'DEFAULT' };
      return jobId === undefined ? jobApi.add(body) : jobApi.update({ ...body, jobId });
    },
    onSuccess: () => {
      message.success(editing ? t('updated') : t('added'));
      onSaved();
    },
  });

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      width={800}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Spin spinning={editing && detail.isLoading}>
        <Form<Values> form={form} name="job-form" labelCol={{ flex: '120px' }} initialValues={EMPTY} onFinish={(v) => save.mutate(v)}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="jobName" label={t('jobName')} rules={[{ required: true, whitespace: true, message: t('jobNameRequired') }]}>
                <Input maxLength={64} placeholder={t('jobNamePlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="jobGroup" label={t('jobGroup')}>
                <Select placeholder={t('jobGroupPlaceholder')} options={groups.map((g) => ({ value: g.value, label: g.label }))} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="invokeTarget"
                label={t('invokeTarget')}
                rules={[{ required: true, message: t('invokeTargetRequired') }]}
                extra={handler ? <HandlerHelp handler={handler} /> : undefined}
              >
                <Select
                  showSearch
                  loading={handlers.isLoading}
                  placeholder={t('invokeTargetPlaceholder')}
                  optionFilterProp="label"
                  onChange={pickHandler}
                  options={(handlers.data ?? []).map((h) => ({ value: h.name, label: h.name }))}
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="params"
                label={t('invokeParams')}
                className="job-params"
                extra={t('paramsHint')}
                rules={[{ validator: (_, v: string | undefined) => (parseParams(v) ? Promise.resolve() : Promise.reject(new Error(t('paramsInvalid')))) }]}
              >
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} spellCheck={false} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label={t('cronExpression')} htmlFor="job-form_cronExpression" required>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="cronExpression" noStyle rules={[{ required: true, whitespace: true, message: t('cronRequired') }]}>
                    <Input maxLength={255} placeholder={t('cronPlaceholder')} className="monitor-mono" />
                  </Form.Item>
                  <Button type="primary" icon={<ThunderboltOutlined />} onClick={() => setCronOpen(true)}>
                    {t('generate')}
                  </Button>
                </Space.Compact>
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="misfirePolicy" label={t('misfirePolicy')}>
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  options={(['1', '2', '3'] as const).map((v) => ({ value: v, label: t(`misfire.${v}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="concurrent" label={t('concurrent')}>
                <Radio.Group optionType="button" buttonStyle="solid" options={(['0', '1'] as const).map((v) => ({ value: v, label: t(`concurrency.${v}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="status" label={t('status')}>
                <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={t('remark')}>
                <Input.TextArea maxLength={500} rows={2} placeholder={t('remarkPlaceholder')} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
      <CronHelperDialog
        open={cronOpen}
        value={cron}
        onClose={() => setCronOpen(false)}
        onApply={(expression) => {
          form.setFieldValue('cronExpression', expression);
          form.validateFields(['cronExpression']);
          setCronOpen(false);
        }}
      />
    </Modal>
  );
}
