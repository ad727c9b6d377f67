import { DocumentStatusBody, TopicStatusBody } from '@ccms/contracts/content/status';
import { Alert, App, Form, Input, Radio, Space, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { type AnyStatus, type StatusKind, statusTargets } from '../../shared/catalog-status';
import { StatusTag } from '../../shared/StatusTag';

/** What the dialog changes: the kind decides which transitions apply. */
export interface StatusTarget {
  kind: StatusKind;
  /** Document title, topic title or toc node title. */
  title: string;
  current: string | null;
}

export interface SetStatusDialogProps {
  target: StatusTarget | null;
  /** Sends the change (a catalogue mutation: useSetDocumentStatus, useSetTopicStatus, useSetNodeStatus). */
  submit: (values: { status: AnyStatus; comment: string }) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
}

interface Values {
  status?: AnyStatus;
  comment: string;
}

/** The set-status dialog of documents, topics and toc nodes: only the contract's allowed targets are offered. */
export function SetStatusDialog({ target, submit, onClose, onDone }: SetStatusDialogProps) {
  const { t } = useTranslation('document');
  const { message } = App.useApp();
  // Several of these dialogs can live on one page: field ids stay unique per instance.
  const formName = `set-status${useId().replace(/[^\w-]/g, '')}`;
  const targets = target ? statusTargets(target.kind, target.current) : [];
  const open = target !== null;
  const entity = useEntityForm<Values>({
    open,
    defaults: { comment: '' },
    save: (v) => (v.status ? submit({ status: v.status, comment: (v.comment ?? '').trim() }) : Promise.resolve()),
    onSaved: () => {
      message.success(t('statusChanged'));
      onDone();
    },
  });
  const statusRules =
    target?.kind === 'document'
      ? zodRules(DocumentStatusBody, 'status', t('newStatus'), { required: t('statusRequired') })
      : zodRules(TopicStatusBody, 'status', t('newStatus'), { required: t('statusRequired') });

  return (
    <FormDialog
      open={open}
      title={t(`setStatusTitle.${target?.kind ?? 'document'}`)}
      name={formName}
      entity={entity}
      okDisabled={targets.length === 0}
      onClose={onClose}
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
        <Form.Item name="status" label={t('newStatus')} data-testid="status-targets" rules={statusRules}>
          <Radio.Group>
            {targets.map((s) => (
              <Radio.Button key={s} value={s}>
                {t(`statuses.${s}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
      )}
      <Form.Item name="comment" label={t('statusComment')} rules={zodRules(DocumentStatusBody, 'comment', t('statusComment'))}>
        <Input.TextArea rows={2} maxLength={zodMaxLength(DocumentStatusBody, 'comment')} showCount />
      </Form.Item>
    </FormDialog>
  );
}
