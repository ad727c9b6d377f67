import { ThunderboltOutlined } from '@ant-design/icons';
import { type Job, JobBody, type JobHandlerInfo } from '@ccms/contracts/monitor/job';
import { App, Button, Col, Form, Input, Radio, Row, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../../../i18n';
import { useDicts } from '../../../../shared/dict/use-dict';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { paramsText, parseParams } from '../job-api';
import { jobQueries, useJobHandlers, useSaveJob } from '../job-queries';
import '../job.css';
import { CronHelperDialog } from './CronHelperDialog';

export interface JobFormDialogProps {
  open: boolean;
  /** The job to edit; undefined adds one. */
  jobId: number | undefined;
  onClose: () => void;
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

const toValues = (j: Job): Values => ({
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
export function JobFormDialog({ open, jobId, onClose }: JobFormDialogProps) {
  const { t } = useTranslation('job');
  const { message } = App.useApp();
  const { sys_job_group: groups, sys_job_status: statuses } = useDicts('sys_job_group', 'sys_job_status');
  const [cronOpen, setCronOpen] = useState(false);
  const handlers = useJobHandlers(open);
  const saveJob = useSaveJob();
  const entity = useEntityForm<Values, Job>({
    open,
    load: jobId === undefined ? undefined : jobQueries.detail(jobId),
    toValues,
    defaults: EMPTY,
    save: ({ params, invokeTarget, ...rest }) => {
      const body: JobBody = { ...rest, invokeTarget: invokeTarget ?? '', invokeParams: parseParams(params) ?? {}, jobGroup: rest.jobGroup || 'DEFAULT' };
      return saveJob.mutateAsync(jobId === undefined ? body : { ...body, jobId });
    },
    onSaved: () => {
      message.success(jobId === undefined ? t('added') : t('updated'));
      onClose();
    },
  });
  const form = entity.form;
  const target = Form.useWatch('invokeTarget', form);
  const cron = Form.useWatch('cronExpression', form) ?? '';
  const handler = handlers.data?.find((h) => h.name === target);

  /** A new handler brings its example parameters, unless the user already wrote some. */
  const pickHandler = (name: string) => {
    const previous = handlers.data?.find((h) => h.name === form.getFieldValue('invokeTarget'));
    const next = handlers.data?.find((h) => h.name === name);
    const current = String(form.getFieldValue('params') ?? '').trim();
    if (next && (current === '' || current === '{}' || current === paramsText(previous?.example))) form.setFieldValue('params', paramsText(next.example));
  };

  return (
    <>
      <FormDialog
        open={open}
        title={jobId === undefined ? t('addTitle') : t('editTitle')}
        width={800}
        labelWidth={120}
        name="job-form"
        entity={entity}
        onClose={onClose}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="jobName" label={t('jobName')} rules={zodRules(JobBody, 'jobName', t('jobName'))}>
              <Input maxLength={zodMaxLength(JobBody, 'jobName')} placeholder={t('jobNamePlaceholder')} />
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
              rules={zodRules(JobBody, 'invokeTarget', t('invokeTarget'))}
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
                <Form.Item name="cronExpression" noStyle rules={zodRules(JobBody, 'cronExpression', t('cronExpression'))}>
                  <Input maxLength={zodMaxLength(JobBody, 'cronExpression')} placeholder={t('cronPlaceholder')} className="monitor-mono" />
                </Form.Item>
                <Button type="primary" icon={<ThunderboltOutlined />} onClick={() => setCronOpen(true)}>
                  {t('generate')}
                </Button>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="misfirePolicy" label={t('misfirePolicy')}>
              <Radio.Group optionType="button" buttonStyle="solid" options={(['1', '2', '3'] as const).map((v) => ({ value: v, label: t(`misfire.${v}`) }))} />
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
            <Form.Item name="remark" label={t('remark')} rules={zodRules(JobBody, 'remark', t('remark'))}>
              <Input.TextArea maxLength={zodMaxLength(JobBody, 'remark')} rows={2} placeholder={t('remarkPlaceholder')} />
            </Form.Item>
          </Col>
        </Row>
      </FormDialog>
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
    </>
  );
}
