import { type WorkItem, WorkItemFields } from '@ccms/contracts/work/work-item';
import type { WorkItemType } from '@ccms/contracts/work/work-item-states';
import { App, Col, DatePicker, Divider, Form, Input, InputNumber, Row, Select, Slider, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useUserOptions } from '../../shared/labels';
import { usePlanRefs, useReleaseRefs, useRequirementOptions, useSaveWorkItem, useWorkItem, workItemQueries } from '../work-item-queries';

export interface WorkItemFormDialogProps {
  open: boolean;
  /** The item to edit; undefined adds one. */
  workItemId: number | undefined;
  /** For a new item: its type, project and (for a sub-requirement) parent. */
  type: WorkItemType;
  projectId: number | undefined;
  parentId?: number;
  /** Closes the dialog (also after a save: the lists, the detail and its history refresh through the work item keys). */
  onClose: () => void;
}

const DATE_FIELDS = ['begin', 'due', 'deadline'] as const;
const TEXT_FIELDS = [
  'version',
  'template',
  'feature',
  'size',
  'testFocus',
  'module',
  'businessValue',
  'versionReport',
  'versionTest',
  'versionFix',
  'versionClose',
  'baselineFind',
  'baselineJoin',
  'baselineTest',
  'baselineClose',
  'createdFrom',
  'os',
  'platform',
  'source',
  'frequency',
  'originphase',
  'sourcephase',
  'description',
] as const;

/** The form holds dates as pickers' values; everything else as the contract has it (and the row version read). */
type FormValues = Omit<WorkItemFields, (typeof DATE_FIELDS)[number]> & Record<(typeof DATE_FIELDS)[number], Dayjs | null> & { rowVersion?: number };

const EMPTY: Partial<FormValues> = {
  priority: 3,
  severity: 3,
  progress: 0,
  estimate: 0,
  effort: 0,
  effortCompleted: 0,
  archived: false,
  confidential: false,
  cc: [],
  participator: [],
  releaseId: null,
  iterationId: null,
  parentId: null,
  ownerId: null,
  assigneeId: null,
  auditorId: null,
  confirmerId: null,
};

function toForm(item: WorkItem): Partial<FormValues> {
  const out: Partial<FormValues> = {
    title: item.title,
    priority: item.priority,
    severity: item.severity,
    releaseId: item.releaseId,
    iterationId: item.iterationId,
    parentId: item.parentId,
    estimate: item.estimate,
    progress: item.progress,
    archived: item.archived,
    confidential: item.confidential,
    ownerId: item.ownerId,
    cc: item.cc,
    assigneeId: item.assigneeId,
    participator: item.participator,
    auditorId: item.auditorId,
    confirmerId: item.confirmerId,
    effort: item.effort,
    effortCompleted: item.effortCompleted,
    rowVersion: item.rowVersion,
  };
  for (const f of TEXT_FIELDS) out[f] = item[f];
  for (const f of DATE_FIELDS) out[f] = item[f] ? dayjs(item[f]) : null;
  return out;
}

function toBody(values: Partial<FormValues>): Partial<WorkItemFields> {
  const { begin, due, deadline, rowVersion: _version, ...rest } = values;
  const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
  return { ...rest, begin: day(begin), due: day(due), deadline: day(deadline) };
}

const half = (node: ReactNode) => (
  <Col xs={24} md={12}>
    {node}
  </Col>
);

/** Add or edit a requirement or defect with every field of the spec; rules come from the contract's WorkItemFields. */
export function WorkItemFormDialog({ open, workItemId, type, projectId, parentId, onClose }: WorkItemFormDialogProps) {
  const { t } = useTranslation('work-item');
  const { message } = App.useApp();
  const users = useUserOptions();
  const editing = workItemId !== undefined;
  const saveWorkItem = useSaveWorkItem();
  // The same detail the form loads: its titles label the stored release, plan and parent.
  const item = useWorkItem(workItemId, open).data;
  const entity = useEntityForm<Partial<FormValues>, WorkItem>({
    open,
    load: workItemId === undefined ? undefined : workItemQueries.detail(workItemId),
    toValues: toForm,
    defaults: { ...EMPTY, parentId: parentId ?? null },
    save: ({ rowVersion, ...values }) => {
      const body = toBody(values);
      if (item) return saveWorkItem.mutateAsync({ ...body, workItemId: item.workItemId, projectId: item.projectId, rowVersion: rowVersion ?? item.rowVersion });
      if (!projectId) return Promise.reject(new Error(t('form.projectRequired')));
      return saveWorkItem.mutateAsync({ ...body, title: body.title ?? '', projectId, workItemType: type });
    },
    onSaved: () => {
      message.success(editing ? t('form.updated') : t('form.added'));
      onClose();
    },
  });
  const itemType: WorkItemType = item?.workItemType ?? type;
  const project = item?.projectId ?? projectId;
  const releases = useReleaseRefs(project, open);
  const plans = usePlanRefs(project, open);
  const parents = useRequirementOptions(project, open && itemType === 'requirement');

  const userSelect = (multiple = false) => (
    <Select allowClear showSearch={{ optionFilterProp: 'label' }} mode={multiple ? 'multiple' : undefined} options={users} placeholder={t('form.selectUser')} />
  );
  const refOptions = (list: { id: number; title: string }[] | undefined, current: number | null | undefined, currentTitle: string) => {
    const options = (list ?? []).map((r) => ({ value: r.id, label: r.title }));
    // The stored one stays readable when the picker's list is not open to the caller.
    if (current && !options.some((o) => o.value === current)) options.unshift({ value: current, label: currentTitle || `#${current}` });
    return options;
  };
  const text = (name: (typeof TEXT_FIELDS)[number]) => (
    <Form.Item name={name} label={t(`fields.${name}`)} rules={zodRules(WorkItemFields, name, t(`fields.${name}`))}>
      <Input maxLength={zodMaxLength(WorkItemFields, name)} />
    </Form.Item>
  );
  const date = (name: (typeof DATE_FIELDS)[number]) => (
    <Form.Item name={name} label={t(`fields.${name}`)}>
      <DatePicker style={{ width: '100%' }} />
    </Form.Item>
  );
  const hours = (name: 'estimate' | 'effort' | 'effortCompleted') => (
    <Form.Item name={name} label={t(`fields.${name}`)}>
      <InputNumber min={0} max={100000} step={0.5} style={{ width: '100%' }} />
    </Form.Item>
  );
  const person = (name: 'ownerId' | 'assigneeId' | 'auditorId' | 'confirmerId' | 'cc' | 'participator') => (
    <Form.Item name={name} label={t(`fields.${name}`)}>
      {userSelect(name === 'cc' || name === 'participator')}
    </Form.Item>
  );

  return (
    <FormDialog
      open={open}
      title={editing ? t('form.editTitle') : t('form.addTitle', { type: t(`types.${type}`) })}
      width={880}
      labelWidth={110}
      name="workitem-form"
      entity={entity}
      onClose={onClose}
    >
      <Form.Item name="rowVersion" hidden>
        <Input />
      </Form.Item>
      <Divider titlePlacement="start">{t('sections.basic')}</Divider>
      <Form.Item name="title" label={t('fields.title')} rules={zodRules(WorkItemFields, 'title', t('fields.title'))}>
        <Input maxLength={zodMaxLength(WorkItemFields, 'title')} />
      </Form.Item>
      <Row gutter={16}>
        {half(
          <Form.Item name="priority" label={t('fields.priority')}>
            <Select options={[1, 2, 3, 4].map((p) => ({ value: p, label: String(p) }))} />
          </Form.Item>,
        )}
        {itemType === 'defect' &&
          half(
            <Form.Item name="severity" label={t('fields.severity')}>
              <Select options={(['1', '2', '3', '4'] as const).map((s) => ({ value: Number(s), label: `${s} · ${t(`severities.${s}`)}` }))} />
            </Form.Item>,
          )}
        {half(
          <Form.Item name="releaseId" label={t('fields.releaseId')}>
            <Select allowClear options={refOptions(releases.data, item?.releaseId, item?.releaseTitle ?? '')} placeholder={t('form.noRelease')} />
          </Form.Item>,
        )}
        {half(
          <Form.Item name="iterationId" label={t('fields.iterationId')}>
            <Select allowClear options={refOptions(plans.data, item?.iterationId, '')} placeholder={t('form.noRelease')} />
          </Form.Item>,
        )}
        {itemType === 'requirement' &&
          half(
            <Form.Item name="parentId" label={t('fields.parentId')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={refOptions(
                  parents.data?.filter((p) => p.workItemId !== item?.workItemId).map((p) => ({ id: p.workItemId, title: `#${p.workItemId} ${p.title}` })),
                  item?.parentId ?? parentId,
                  item?.parentTitle ?? '',
                )}
              />
            </Form.Item>,
          )}
        {half(text('module'))}
        {half(text('feature'))}
        {half(text('version'))}
        {half(text('template'))}
        {half(text('size'))}
        {half(text('businessValue'))}
        {half(
          <Form.Item name="archived" label={t('fields.archived')} valuePropName="checked">
            <Switch />
          </Form.Item>,
        )}
        {half(
          <Form.Item name="confidential" label={t('fields.confidential')} valuePropName="checked">
            <Switch />
          </Form.Item>,
        )}
      </Row>
      <Form.Item name="description" label={t('fields.description')} rules={zodRules(WorkItemFields, 'description', t('fields.description'))}>
        <Input.TextArea rows={4} maxLength={zodMaxLength(WorkItemFields, 'description')} />
      </Form.Item>

      <Divider titlePlacement="start">{t('sections.people')}</Divider>
      <Row gutter={16}>
        {half(person('assigneeId'))}
        {half(person('ownerId'))}
        {half(person('auditorId'))}
        {half(person('confirmerId'))}
        {half(person('cc'))}
        {half(person('participator'))}
      </Row>

      <Divider titlePlacement="start">{t('sections.schedule')}</Divider>
      <Row gutter={16}>
        {half(date('begin'))}
        {half(
          <Form.Item
            name="due"
            label={t('fields.due')}
            dependencies={['begin']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v: Dayjs | null) => {
                  const b: Dayjs | null = getFieldValue('begin');
                  return v && b && v.isBefore(b, 'day') ? Promise.reject(new Error(t('form.dueBeforeBegin'))) : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>,
        )}
        {half(date('deadline'))}
        {half(hours('estimate'))}
        {half(hours('effort'))}
        {half(hours('effortCompleted'))}
      </Row>
      <Form.Item name="progress" label={t('fields.progress')}>
        <Slider min={0} max={100} />
      </Form.Item>

      <Divider titlePlacement="start">{t('sections.versions')}</Divider>
      <Row gutter={16}>
        {half(text('versionReport'))}
        {half(text('versionTest'))}
        {half(text('versionFix'))}
        {half(text('versionClose'))}
        {half(text('baselineFind'))}
        {half(text('baselineJoin'))}
        {half(text('baselineTest'))}
        {half(text('baselineClose'))}
      </Row>

      <Divider titlePlacement="start">{itemType === 'defect' ? t('sections.defect') : t('sections.other')}</Divider>
      <Row gutter={16}>
        {half(text('os'))}
        {half(text('platform'))}
        {half(text('source'))}
        {half(text('frequency'))}
        {half(text('originphase'))}
        {half(text('sourcephase'))}
        {half(text('createdFrom'))}
        {half(text('testFocus'))}
      </Row>
    </FormDialog>
  );
}
