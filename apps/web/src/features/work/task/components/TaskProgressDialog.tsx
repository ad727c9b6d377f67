import { TASK_STATUSES, type Task, TaskProgressBody } from '@ccms/contracts/work/task';
import { App, Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodRules } from '../../../../shared/form/zod-rules';
import { useTaskProgress } from '../task-queries';

type FormValues = Pick<TaskProgressBody, 'status' | 'effortCompleted'>;

/** Status and hours spent on a task (my tasks, or a writer of the project); tasks and plans refresh through their keys. */
export function TaskProgressDialog({ task, onClose }: { task: Task | null; onClose: () => void }) {
  const { t } = useTranslation('task');
  const { message } = App.useApp();
  const progress = useTaskProgress();
  const entity = useEntityForm<FormValues>({
    open: task !== null,
    defaults: {
      status: task && (TASK_STATUSES as readonly string[]).includes(task.status) ? (task.status as FormValues['status']) : 'new',
      effortCompleted: task?.effortCompleted ?? 0,
    },
    save: (v) => progress.mutateAsync({ ...v, id: task?.id ?? 0, rowVersion: task?.rowVersion ?? 1 }),
    onSaved: () => {
      message.success(t('progressSaved'));
      onClose();
    },
  });
  return (
    <FormDialog open={task !== null} title={t('progressTitle')} width={420} labelWidth={120} name="task-progress-form" entity={entity} onClose={onClose}>
      <Form.Item name="status" label={t('status')}>
        <Select options={TASK_STATUSES.map((v) => ({ value: v, label: t(`statuses.${v}`) }))} />
      </Form.Item>
      <Form.Item name="effortCompleted" label={t('effortCompleted')} rules={zodRules(TaskProgressBody, 'effortCompleted', t('effortCompleted'))}>
        <InputNumber min={0} step={0.5} precision={2} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
