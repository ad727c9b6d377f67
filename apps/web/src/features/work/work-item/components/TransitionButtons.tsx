import { TransitionBody, type WorkItem } from '@ccms/contracts/work/work-item';
import { CLOSE_REASONS, MACHINES, RESOLUTIONS, type WorkItemAction } from '@ccms/contracts/work/work-item-states';
import { App, Button, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useTransitionWorkItem } from '../work-item-queries';

type TransitionForm = Pick<TransitionBody, 'resolution' | 'closeReason' | 'versionFix' | 'comment'>;

/**
 * One button per transition the server says the caller may make now (`item.actions`, from the
 * contracts' state machines); each opens a dialog for what the action needs.
 */
export function TransitionButtons({ item }: { item: WorkItem }) {
  const { t } = useTranslation('work-item');
  const { message } = App.useApp();
  const [action, setAction] = useState<WorkItemAction | null>(null);
  const needs = action ? MACHINES[item.workItemType][action]?.requires : undefined;
  const transition = useTransitionWorkItem();
  const entity = useEntityForm<TransitionForm>({
    open: action !== null,
    defaults: {},
    // Only an open dialog saves, and it is open for an action.
    save: (values) =>
      transition.mutateAsync({
        id: item.workItemId,
        body: {
          action: action as WorkItemAction,
          projectId: item.projectId,
          rowVersion: item.rowVersion,
          resolution: values.resolution,
          closeReason: values.closeReason,
          versionFix: values.versionFix || undefined,
          comment: values.comment?.trim() || undefined,
        },
      }),
    onSaved: () => {
      message.success(t('detail.transitioned'));
      setAction(null);
    },
  });

  if (item.actions.length === 0) return <Typography.Text type="secondary">{t('detail.noActions')}</Typography.Text>;

  return (
    <>
      <Space wrap data-testid="transition-buttons">
        {item.actions.map((a) => (
          <Button
            key={a}
            type={a === 'resolve' || a === 'reviewPass' ? 'primary' : 'default'}
            danger={a === 'close' || a === 'reviewReject'}
            onClick={() => setAction(a)}
          >
            {t(`actions.${a}`)}
          </Button>
        ))}
      </Space>
      <FormDialog
        open={action !== null}
        title={action ? `${t(`actions.${action}`)} · ${item.title}` : ''}
        width={520}
        name="transition-form"
        entity={entity}
        onClose={() => setAction(null)}
      >
        {needs === 'resolution' && (
          <>
            <Form.Item name="resolution" label={t('fields.resolution')} rules={[{ required: true, message: t('fields.resolution') }]}>
              <Select options={RESOLUTIONS.map((r) => ({ value: r, label: t(`resolutions.${r}`) }))} data-testid="resolution-select" />
            </Form.Item>
            <Form.Item name="versionFix" label={t('fields.versionFix')} rules={zodRules(TransitionBody, 'versionFix', t('fields.versionFix'))}>
              <Input maxLength={zodMaxLength(TransitionBody, 'versionFix')} />
            </Form.Item>
          </>
        )}
        {needs === 'closeReason' && (
          <Form.Item name="closeReason" label={t('fields.closeReason')} rules={[{ required: true, message: t('fields.closeReason') }]}>
            <Select options={CLOSE_REASONS.map((r) => ({ value: r, label: t(`closeReasons.${r}`) }))} data-testid="close-reason-select" />
          </Form.Item>
        )}
        <Form.Item name="comment" label={t('detail.comment')} rules={zodRules(TransitionBody, 'comment', t('detail.comment'))}>
          <Input.TextArea rows={3} maxLength={zodMaxLength(TransitionBody, 'comment')} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
