import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnyStatus, type StatusKind, statusTargets } from '../catalog-status';
import { StatusTag } from './StatusTag';
import { useFreshModal } from './use-fresh-modal';

/** What the dialog changes: the kind decides which transitions apply. */
export interface StatusTarget {
  kind: StatusKind;
  /** Document title, topic title or toc node title. */
  title: string;
  current: string | null;
}

export interface SetStatusDialogProps {
  target: StatusTarget | null;
  /** Sends the change (documentApi.setStatus, topicApi.setStatus, documentApi.setNodeStatus). */
  submit: (values: { status: AnyStatus; comment: string }) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
}

/** The set-status dialog of documents, topics and toc nodes: only the contract's allowed targets are offered. */
export function SetStatusDialog({ target, submit, onClose, onDone }: SetStatusDialogProps) {
  const { t } = useTranslation('document');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ status?: AnyStatus; comment: string }>();
  const fresh = useFreshModal();
  // Several of these dialogs can live on one page: field ids stay unique per instance.
  const formName = `set-status${useId().replace(/[^\w-]/g, '')}`;
  const targets = target ? statusTargets(target.kind, target.current) : [];
  const save = useMutation({
    mutationFn: (values: { status: AnyStatus; comment: string }) => submit(values),
    onSuccess: () => {
      message.success(t('statusChanged'));
      onDone();
    },
  });
  const open = target !== null;
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  return (
    <Modal
      key={fresh.key}
      afterClose={fresh.afterClose}
      open={open}
      title={t(`setStatusTitle.${target?.kind ?? 'document'}`)}
      onCancel={onClose}
      okButtonProps={{ disabled: targets.length === 0 }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      forceRender
    >
      <Form
        name={formName}
        form={form}
        layout="vertical"
        initialValues={{ comment: '' }}
        onFinish={(v) => {
          if (v.status) save.mutate({ status: v.status, comment: v.comment ?? '' });
        }}
      >
        <Form.Item label={t('statusOf', { title: target?.title ?? '' })}>
          <Space>
            <Typography.Text type="secondary">{t('currentStatus')}</Typography.Text>
            <StatusTag status={target?.current} />
          </Space>
        </Form.Item>
        {targets.length === 0 ? (
          <Alert type="info" showIcon title={t('noStatusChange')} />
        ) : (
          <Form.Item name="status" label={t('newStatus')} data-testid="status-targets" rules={[{ required: true, message: t('statusRequired') }]}>
            <Radio.Group>
              {targets.map((s) => (
                <Radio.Button key={s} value={s}>
                  {t(`statuses.${s}`)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
        )}
        <Form.Item name="comment" label={t('statusComment')}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
