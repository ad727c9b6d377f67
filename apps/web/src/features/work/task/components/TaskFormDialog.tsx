import { TASK_CATEGORIES, TASK_STATUSES, type Task, TaskBody } from '@ccms/contracts/work/task';
import { App, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useProjects } from '../../../../state/project-store';
import { usePlanOptions } from '../../plan/plan-queries';
import { DateRangeItems, ProjectSelect, UserSelect } from '../../project/components/pickers';
import { taskQueries, useSaveTask } from '../task-queries';

type FormValues = Omit<TaskBody, 'projectId' | 'planId' | 'assigneeId' | 'writerId'> & {
  projectId: number | undefined;
  planId: number | null;
  assigneeId: number | null;
  writerId: number | null;
};

const EMPTY: FormValues = {
  projectId: undefined,
  planId: null,
  title: '',
  category: 'writing',
  assigneeId: null,
  writerId: null,
  status: 'new',
  beginDate: null,
  dueDate: null,
  description: '',
  effort: 0,
  effortCompleted: 0,
};

type Values = FormValues & { rowVersion?: number };

const toValues = (d: Task): Values => ({
  projectId: d.projectId,
  planId: d.planId,
  title: d.title,
  category: (TASK_CATEGORIES as readonly string[]).includes(d.category) ? (d.category as FormValues['category']) : 'other',
  assigneeId: d.assigneeId,
  writerId: d.writerId,
  status: (TASK_STATUSES as readonly string[]).includes(d.status) ? (d.status as FormValues['status']) : 'new',
  beginDate: d.beginDate,
  dueDate: d.dueDate,
  description: d.description,
  effort: d.effort,
  effortCompleted: d.effortCompleted,
  rowVersion: d.rowVersion,
});

/** remain and exceed as the server computes them, shown while typing. */
const split = (effort: number, done: number) => ({ remain: Math.max(effort - done, 0), exceed: Math.max(done - effort, 0) });

/** Add or edit a task; a fixed project or plan (project detail, plan detail) presets and hides them. Rules come from the contract's TaskBody. */
export function TaskFormDialog({
  open,
  id,
  projectId,
  planId,
  preset,
  onClose,
}: {
  open: boolean;
  id: number | undefined;
  projectId?: number;
  planId?: number;
  /** Values a new task starts with (a task raised from another screen: its title and description). */
  preset?: Partial<Pick<FormValues, 'title' | 'description' | 'category'>>;
  /** Closes the dialog (also after a save: tasks and plans refresh through their keys). */
  onClose: () => void;
}) {
  const { t } = useTranslation('task');
  const { message } = App.useApp();
  const current = useProjects((s) => s.currentProjectId);
  const editing = id !== undefined;
  const saveTask = useSaveTask();
  const entity = useEntityForm<Values, Task>({
    open,
    load: id === undefined ? undefined : taskQueries.detail(id),
    toValues,
    defaults: { ...EMPTY, ...preset, projectId: projectId ?? current ?? undefined, planId: planId ?? null },
    save: ({ rowVersion, ...v }) => {
      const body = { ...v, projectId: v.projectId ?? 0 };
      return saveTask.mutateAsync(id === undefined ? body : { ...body, id, rowVersion: rowVersion ?? 1 });
    },
    onSaved: () => {
      message.success(editing ? t('updated') : t('added'));
      onClose();
    },
  });
  const { form } = entity;
  const chosenProject = Form.useWatch('projectId', form);
  const effort = Form.useWatch('effort', form) ?? 0;
  const done = Form.useWatch('effortCompleted', form) ?? 0;
  const plans = usePlanOptions(chosenProject, open);
  const { remain, exceed } = split(Number(effort) || 0, Number(done) || 0);

  return (
    <FormDialog open={open} title={editing ? t('editTitle') : t('addTitle')} width={760} labelWidth={110} name="task-form" entity={entity} onClose={onClose}>
      <Form.Item name="rowVersion" hidden>
        <Input />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12} hidden={projectId !== undefined}>
          <Form.Item name="projectId" label={t('project')} rules={[{ required: true, message: t('projectRequired') }]}>
            <ProjectSelect placeholder={t('projectPlaceholder')} disabled={editing} onChange={() => form.setFieldValue('planId', null)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} hidden={planId !== undefined}>
          <Form.Item name="planId" label={t('plan')}>
            <Select
              allowClear
              placeholder={t('planPlaceholder')}
              loading={plans.isLoading}
              options={(plans.data ?? []).map((p) => ({ value: p.id, label: p.title }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="title" label={t('title')} rules={zodRules(TaskBody, 'title', t('title'), { required: t('titleRequired') })}>
            <Input maxLength={zodMaxLength(TaskBody, 'title')} placeholder={t('titlePlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="category" label={t('category')}>
            <Select options={TASK_CATEGORIES.map((v) => ({ value: v, label: t(`categories.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="assigneeId" label={t('assignee')}>
            <UserSelect allowClear placeholder={t('userPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="writerId" label={t('writer')}>
            <UserSelect allowClear placeholder={t('userPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="status" label={t('status')}>
            <Select options={TASK_STATUSES.map((v) => ({ value: v, label: t(`statuses.${v}`) }))} />
          </Form.Item>
        </Col>
        <DateRangeItems begin="beginDate" end="dueDate" labels={[t('beginDate'), t('dueDate')]} message={t('dueBeforeBegin')} />
        <Col xs={12} md={6}>
          <Form.Item name="effort" label={t('effort')}>
            <InputNumber min={0} max={100000} step={0.5} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="effortCompleted" label={t('effortCompleted')}>
            <InputNumber min={0} max={100000} step={0.5} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label={t('remain')}>
            <InputNumber value={remain} disabled precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label={t('exceed')}>
            <InputNumber value={exceed} disabled precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('description')} rules={zodRules(TaskBody, 'description', t('description'))}>
            <Input.TextArea rows={3} maxLength={zodMaxLength(TaskBody, 'description')} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
