import { PLAN_STATUSES, type Plan, PlanBody } from '@ccms/contracts/work/plan';
import { NOTICE_TYPES, REVIEW_RULES } from '@ccms/contracts/work/project-config';
import { App, Col, Form, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useProjects } from '../../../../state/project-store';
import { useSession } from '../../../../state/session-store';
import { LibraryBranchFields } from '../../project/components/LibraryBranchFields';
import { DateRangeItems, ProjectSelect, UserSelect } from '../../project/components/pickers';
import { useReleaseOptions } from '../../release/release-queries';
import { planQueries, useSavePlan } from '../plan-queries';

type FormValues = Omit<PlanBody, 'projectId' | 'libraryId' | 'releaseId' | 'ownerId' | 'reviewerId'> & {
  projectId: number | undefined;
  libraryId: number | null;
  releaseId: number | null;
  ownerId: number | null;
  reviewerId: number | null;
};

const EMPTY: FormValues = {
  projectId: undefined,
  title: '',
  libraryId: null,
  branch: '',
  releaseId: null,
  description: '',
  beginDate: null,
  dueDate: null,
  ownerId: null,
  reviewerId: null,
  reviewRule: '',
  status: 'notStarted',
  enable: true,
  notice: false,
  noticeType: 'system',
};

type Values = FormValues & { rowVersion?: number };

const toValues = (d: Plan): Values => ({
  projectId: d.projectId,
  title: d.title,
  libraryId: d.libraryId,
  branch: d.branch,
  releaseId: d.releaseId,
  description: d.description,
  beginDate: d.beginDate,
  dueDate: d.dueDate,
  ownerId: d.ownerId,
  reviewerId: d.reviewerId,
  reviewRule: d.reviewRule === 'one' || d.reviewRule === 'all' ? d.reviewRule : '',
  status: (PLAN_STATUSES as readonly string[]).includes(d.status) ? (d.status as FormValues['status']) : 'notStarted',
  enable: d.enable,
  notice: d.notice,
  noticeType: d.noticeType === 'email' ? 'email' : 'system',
  rowVersion: d.rowVersion,
});

/** Add or edit a plan: every field of the spec; a fixed project (project detail) hides the project field. Rules come from the contract's PlanBody. */
export function PlanFormDialog({ open, id, projectId, onClose }: { open: boolean; id: number | undefined; projectId?: number; onClose: () => void }) {
  const { t } = useTranslation('plan');
  const { message } = App.useApp();
  const current = useProjects((s) => s.currentProjectId);
  const me = useSession((s) => s.userId);
  const editing = id !== undefined;
  const savePlan = useSavePlan();
  const entity = useEntityForm<Values, Plan>({
    open,
    load: id === undefined ? undefined : planQueries.detail(id),
    toValues,
    defaults: { ...EMPTY, projectId: projectId ?? current ?? undefined, ownerId: me },
    save: ({ rowVersion, ...v }) => {
      const body = { ...v, projectId: v.projectId ?? 0 };
      return savePlan.mutateAsync(id === undefined ? body : { ...body, id, rowVersion: rowVersion ?? 1 });
    },
    onSaved: () => {
      message.success(editing ? t('updated') : t('added'));
      onClose();
    },
  });
  const { form } = entity;
  const chosenProject = Form.useWatch('projectId', form);
  const releases = useReleaseOptions(chosenProject, open);

  return (
    <FormDialog open={open} title={editing ? t('editTitle') : t('addTitle')} width={780} labelWidth={100} name="plan-form" entity={entity} onClose={onClose}>
      <Form.Item name="rowVersion" hidden>
        <Input />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12} hidden={projectId !== undefined}>
          <Form.Item name="projectId" label={t('project')} rules={[{ required: true, message: t('projectRequired') }]}>
            <ProjectSelect placeholder={t('projectPlaceholder')} disabled={editing} onChange={() => form.setFieldValue('releaseId', null)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="title" label={t('title')} rules={zodRules(PlanBody, 'title', t('title'), { required: t('titleRequired') })}>
            <Input maxLength={zodMaxLength(PlanBody, 'title')} placeholder={t('titlePlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="releaseId" label={t('release')}>
            <Select allowClear loading={releases.isLoading} options={(releases.data ?? []).map((r) => ({ value: r.id, label: r.title }))} />
          </Form.Item>
        </Col>
        <LibraryBranchFields open={open} branch="branch" labels={{ library: t('library'), branch: t('branch') }} />
        <Col xs={24} md={12}>
          <Form.Item name="ownerId" label={t('owner')}>
            <UserSelect allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="reviewerId" label={t('reviewer')}>
            <UserSelect allowClear />
          </Form.Item>
        </Col>
        <DateRangeItems begin="beginDate" end="dueDate" labels={[t('beginDate'), t('dueDate')]} message={t('dueBeforeBegin')} />
        <Col xs={24} md={12}>
          <Form.Item name="status" label={t('status')}>
            <Select options={PLAN_STATUSES.map((v) => ({ value: v, label: t(`statuses.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="reviewRule" label={t('reviewRule')}>
            <Select options={[{ value: '', label: t('reviewRules.config') }, ...REVIEW_RULES.map((v) => ({ value: v, label: t(`reviewRules.${v}`) }))]} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="enable" label={t('enable')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="notice" label={t('notice')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="noticeType" label={t('noticeType')}>
            <Select options={NOTICE_TYPES.map((v) => ({ value: v, label: t(`noticeTypes.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('description')} rules={zodRules(PlanBody, 'description', t('description'))}>
            <Input.TextArea rows={3} maxLength={zodMaxLength(PlanBody, 'description')} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
