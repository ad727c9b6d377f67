import { PROJECT_REFRESH_OPTIONS } from '@ccms/contracts/constants';
import { type Project, ProjectBody } from '@ccms/contracts/work/project';
import { App, Col, Form, Input, Radio, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useSession } from '../../../../state/session-store';
import { useCategoryOptions } from '../../project-category/project-category-queries';
import { type ProjectFields, projectFieldsOf } from '../project-api';
import { projectQueries, useSaveProject } from '../project-queries';
import { LibraryBranchFields } from './LibraryBranchFields';
import { DateRangeItems, UserSelect } from './pickers';

export interface ProjectFormDialogProps {
  open: boolean;
  /** The project to edit; undefined adds one. */
  projectId: number | undefined;
  onClose: () => void;
}

type FormValues = ProjectFields;

const EMPTY: FormValues = {
  title: '',
  name: '',
  status: '0',
  category: '',
  schedule: '',
  description: '',
  beginDate: null,
  endDate: null,
  version: '',
  libraryId: null,
  sourceBranch: '',
  projectBranch: '',
  useOriginBranch: false,
  ownerId: null,
  risk: '',
  objective: '',
  milestone: '',
  secrecy: false,
  public: false,
  updateSchedule: 'never',
};

const toValues = (d: Project): FormValues & { rowVersion: number } => ({ ...projectFieldsOf(d), rowVersion: d.rowVersion });

const max = (field: keyof typeof ProjectBody.shape) => zodMaxLength(ProjectBody, field);

/** Add or edit a project: every field of the spec; rules come from the contract's ProjectBody. */
export function ProjectFormDialog({ open, projectId, onClose }: ProjectFormDialogProps) {
  const { t } = useTranslation('project');
  const { message } = App.useApp();
  const me = useSession((s) => s.userId);
  const editing = projectId !== undefined;
  const saveProject = useSaveProject();
  const entity = useEntityForm<FormValues & { rowVersion?: number }, Project>({
    open,
    load: projectId === undefined ? undefined : projectQueries.detail(projectId),
    toValues,
    defaults: { ...EMPTY, ownerId: me },
    save: ({ rowVersion, ...values }) => {
      const body = { ...values, projectBranch: values.useOriginBranch ? values.sourceBranch : values.projectBranch };
      return saveProject.mutateAsync(projectId === undefined ? body : { ...body, id: projectId, rowVersion: rowVersion ?? 1 });
    },
    onSaved: () => {
      message.success(editing ? t('updated') : t('added'));
      onClose();
    },
  });
  const { form } = entity;
  const useOrigin = Form.useWatch('useOriginBranch', form) ?? false;
  const categories = useCategoryOptions(open);

  return (
    <FormDialog open={open} title={editing ? t('editTitle') : t('addTitle')} width={820} labelWidth={110} name="project-form" entity={entity} onClose={onClose}>
      <Form.Item name="rowVersion" hidden>
        <Input />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="title" label={t('title')} rules={zodRules(ProjectBody, 'title', t('title'), { required: t('titleRequired') })}>
            <Input maxLength={max('title')} placeholder={t('titlePlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('name')} rules={zodRules(ProjectBody, 'name', t('name'))}>
            <Input maxLength={max('name')} placeholder={t('namePlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="category" label={t('category')}>
            <Select
              allowClear
              placeholder={t('categoryPlaceholder')}
              loading={categories.isLoading}
              options={(categories.data ?? []).map((c) => ({ value: c.value, label: c.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="version" label={t('version')} rules={zodRules(ProjectBody, 'version', t('version'), { required: t('versionRequired') })}>
            <Input maxLength={max('version')} />
          </Form.Item>
        </Col>
        <LibraryBranchFields
          open={open}
          branch="sourceBranch"
          labels={{ library: t('library'), branch: t('sourceBranch') }}
          placeholders={{ library: t('libraryPlaceholder'), branch: t('branchPlaceholder') }}
          branchRules={zodRules(ProjectBody, 'sourceBranch', t('sourceBranch'), { required: t('branchRequired') })}
          typedBranchMaxLength={max('sourceBranch')}
        />
        <Col xs={24} md={12}>
          <Form.Item name="useOriginBranch" label={t('useOriginBranch')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {!useOrigin && (
            <Form.Item
              name="projectBranch"
              label={t('projectBranch')}
              rules={[
                { required: true, whitespace: true, message: t('projectBranchRequired') },
                ...zodRules(ProjectBody, 'sourceBranch', t('projectBranch')).slice(1),
              ]}
            >
              <Input maxLength={max('sourceBranch')} />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="ownerId" label={t('owner')}>
            <UserSelect allowClear placeholder={t('ownerPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="updateSchedule" label={t('updateSchedule')}>
            <Select options={PROJECT_REFRESH_OPTIONS.map((v) => ({ value: v, label: t(`schedules.${v}`) }))} />
          </Form.Item>
        </Col>
        <DateRangeItems begin="beginDate" end="endDate" labels={[t('beginDate'), t('endDate')]} message={t('endBeforeBegin')} />
        <Col xs={24} md={12}>
          <Form.Item name="status" label={t('status')}>
            <Radio.Group options={(['0', '1'] as const).map((v) => ({ value: v, label: t(`statuses.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="secrecy" label={t('secrecy')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="public" label={t('public')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="schedule" label={t('schedule')} rules={zodRules(ProjectBody, 'schedule', t('schedule'))}>
            <Input maxLength={max('schedule')} />
          </Form.Item>
          <Form.Item name="objective" label={t('objective')} rules={zodRules(ProjectBody, 'objective', t('objective'))}>
            <Input maxLength={max('objective')} />
          </Form.Item>
          <Form.Item name="milestone" label={t('milestone')} rules={zodRules(ProjectBody, 'milestone', t('milestone'))}>
            <Input maxLength={max('milestone')} />
          </Form.Item>
          <Form.Item name="risk" label={t('risk')} rules={zodRules(ProjectBody, 'risk', t('risk'))}>
            <Input maxLength={max('risk')} />
          </Form.Item>
          <Form.Item name="description" label={t('description')} rules={zodRules(ProjectBody, 'description', t('description'))}>
            <Input.TextArea rows={3} maxLength={max('description')} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
