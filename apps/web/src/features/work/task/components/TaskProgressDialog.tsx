import { TASK_STATUSES, type Task, type TaskProgressBody } from '@ccms/contracts/work/task';
import { useMutation } from '@tanstack/react-query';
import { App, Form, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTaskProgress } from '../task-queries';

type FormValues = Pick<TaskProgressBody, 'status' | 'effortCompleted'>;

/** Status and hours spent on a task (my tasks, or a writer of the project). */
export function TaskProgressDialog({ task, onClose, onSaved }: { task: Task | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('task');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const progress = useTaskProgress();
  useEffect(() => {
    if (!task) return;
    form.setFieldsValue({
      status: (TASK_STATUSES as readonly string[]).includes(task.status) ? (task.status as FormValues['status']) : 'new',
      effortCompleted: task.effortCompleted,
    });
  }, [task, form]);
  const save = useMutation({
    mutationFn: (v: FormValues) => progress.mutateAsync({ ...v, id: task?.id ?? 0, rowVersion: task?.rowVersion ?? 1 }),
    onSuccess: () => {
      message.success(t('progressSaved'));
      onSaved();
    },
  });
  return (
    <Modal
      open={task !== null}
      title={t('progressTitle')}
      width={420}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<FormValues> form={form} labelCol={{ flex: '120px' }} onFinish={(v) => save.mutate(v)} name="task-progress-form">
        <Form.Item name="status" label={t('status')}>
          <Select options={TASK_STATUSES.map((v) => ({ value: v, label: t(`statuses.${v}`) }))} />
        </Form.Item>
        <Form.Item name="effortCompleted" label={t('effortCompleted')}>
          <InputNumber min={0} max={100000} step={0.5} precision={2} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
