import type { WorkItem } from '@ccms/contracts/work/work-item';
import { CLOSE_REASONS, MACHINES, RESOLUTIONS, type WorkItemAction } from '@ccms/contracts/work/work-item-states';
import { App, Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTransitionWorkItem } from '../work-item-queries';

interface TransitionForm {
  resolution?: string;
  closeReason?: string;
  versionFix?: string;
  comment?: string;
}

/**
 * One button per transition the server says the caller may make now (`item.actions`, from the
 * contracts' state machines); each opens a dialog for what the action needs.
 */
export function TransitionButtons({ item }: { item: WorkItem }) {
  const { t } = useTranslation('workitem');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [action, setAction] = useState<WorkItemAction | null>(null);
  const [form] = Form.useForm<TransitionForm>();
  const needs = action ? MACHINES[item.workItemType][action]?.requires : undefined;

  const transition = useTransitionWorkItem();
  const run = (values: TransitionForm) => {
    if (!action) return;
    transition.mutate(
      {
        id: item.workItemId,
        body: {
          action,
          projectId: item.projectId,
          rowVersion: item.rowVersion,
          resolution: values.resolution as (typeof RESOLUTIONS)[number] | undefined,
          closeReason: values.closeReason as (typeof CLOSE_REASONS)[number] | undefined,
          versionFix: values.versionFix || undefined,
          comment: values.comment?.trim() || undefined,
        },
      },
      {
        onSuccess: () => {
          message.success(t('detail.transitioned'));
          setAction(null);
        },
      },
    );
  };

  if (item.actions.length === 0) return <Typography.Text type="secondary">{t('detail.noActions')}</Typography.Text>;

  return (
    <>
      <Space wrap data-testid="transition-buttons">
        {item.actions.map((a) => (
          <Button
            key={a}
            type={a === 'resolve' || a === 'reviewPass' ? 'primary' : 'default'}
            danger={a === 'close' || a === 'reviewReject'}
            onClick={() => {
              form.resetFields();
              setAction(a);
            }}
          >
            {t(`actions.${a}`)}
          </Button>
        ))}
      </Space>
      <Modal
        // A fresh dialog per action: antd keeps the OK button's loading state through the close animation.
        key={action ?? 'closed'}
        open={action !== null}
        title={action ? `${t(`actions.${action}`)} · ${item.title}` : ''}
        okText={tc('ok')}
        cancelText={tc('cancel')}
        confirmLoading={transition.isPending}
        onOk={() => form.submit()}
        onCancel={() => setAction(null)}
        forceRender
      >
        <Form<TransitionForm> form={form} layout="vertical" name="transition-form" onFinish={run}>
          {needs === 'resolution' && (
            <>
              <Form.Item name="resolution" label={t('fields.resolution')} rules={[{ required: true, message: t('fields.resolution') }]}>
                <Select options={RESOLUTIONS.map((r) => ({ value: r, label: t(`resolutions.${r}`) }))} data-testid="resolution-select" />
              </Form.Item>
              <Form.Item name="versionFix" label={t('fields.versionFix')}>
                <Input maxLength={64} />
              </Form.Item>
            </>
          )}
          {needs === 'closeReason' && (
            <Form.Item name="closeReason" label={t('fields.closeReason')} rules={[{ required: true, message: t('fields.closeReason') }]}>
              <Select options={CLOSE_REASONS.map((r) => ({ value: r, label: t(`closeReasons.${r}`) }))} data-testid="close-reason-select" />
            </Form.Item>
          )}
          <Form.Item name="comment" label={t('detail.comment')}>
            <Input.TextArea rows={3} maxLength={5000} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
