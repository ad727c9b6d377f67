import { PLAN_STATUSES, type PlanBody } from '@ccms/contracts/work/plan';
import { NOTICE_TYPES, REVIEW_RULES } from '@ccms/contracts/work/project';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Col, Form, Input, Modal, Row, Select, Spin, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjects } from '../../../../state/project-store';
import { useSession } from '../../../../state/session-store';
import { libraryApi } from '../../../content/library/library-api';
import { DateRangeItems, ProjectSelect, UserSelect } from '../../project/components/pickers';
import { releaseApi } from '../../release/release-api';
import { planApi } from '../plan-api';

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
  reviewRule: 'all',
  status: 'notStarted',
  enable: true,
  notice: false,
  noticeType: 'system',
};

/** Add or edit a plan: every field of the spec; a fixed project (project detail) hides the project field. */
export function PlanFormDialog({
  open,
  id,
  projectId,
  onClose,
  onSaved,
}: {
  open: boolean;
  id: number | undefined;
  projectId?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('plan');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const current = useProjects((s) => s.currentProjectId);
  const me = useSession((s) => s.userId);
  const [form] = Form.useForm<FormValues>();
  const editing = id !== undefined;
  const chosenProject = Form.useWatch('projectId', form);
  const libraryId = Form.useWatch('libraryId', form);
  const detail = useQuery({ queryKey: ['ccms', 'plan', 'detail', id], queryFn: () => planApi.get(id ?? 0), enabled: open && editing, gcTime: 0 });
  const releases = useQuery({
    queryKey: ['ccms', 'release', 'options', chosenProject],
    queryFn: () => releaseApi.options(chosenProject ?? 0),
    enabled: open && !!chosenProject,
  });
  const libraries = useQuery({ queryKey: ['ccms', 'library', 'options'], queryFn: libraryApi.options, enabled: open });
  const branches = useQuery({
    queryKey: ['ccms', 'library', 'branches', libraryId],
    queryFn: () => libraryApi.branches(libraryId ?? 0),
    enabled: open && !!libraryId,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!editing) form.setFieldsValue({ ...EMPTY, projectId: projectId ?? current ?? undefined, ownerId: me });
    else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({
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
        reviewRule: d.reviewRule === 'one' ? 'one' : 'all',
        status: (PLAN_STATUSES as readonly string[]).includes(d.status) ? (d.status as FormValues['status']) : 'notStarted',
        enable: d.enable,
        notice: d.notice,
        noticeType: d.noticeType === 'email' ? 'email' : 'system',
      });
    }
  }, [open, editing, detail.data, form, projectId, current, me]);

  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const body = { ...v, projectId: v.projectId ?? 0 };
      return id === undefined ? planApi.add(body) : planApi.update({ ...body, id, rowVersion: detail.data?.rowVersion ?? 1 });
    },
    onSuccess: () => {
      message.success(editing ? t('updated') : t('added'));
      onSaved();
    },
  });

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      width={780}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Spin spinning={editing && detail.isLoading}>
        <Form<FormValues> form={form} labelCol={{ flex: '100px' }} labelWrap initialValues={EMPTY} onFinish={(v) => save.mutate(v)} name="plan-form">
          <Row gutter={16}>
            <Col xs={24} md={12} hidden={projectId !== undefined}>
              <Form.Item name="projectId" label={t('project')} rules={[{ required: true, message: t('projectRequired') }]}>
                <ProjectSelect placeholder={t('projectPlaceholder')} disabled={editing} onChange={() => form.setFieldValue('releaseId', null)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="title" label={t('title')} rules={[{ required: true, whitespace: true, message: t('titleRequired') }]}>
                <Input maxLength={200} placeholder={t('titlePlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="releaseId" label={t('release')}>
                <Select allowClear loading={releases.isLoading} options={(releases.data ?? []).map((r) => ({ value: r.id, label: r.title }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="libraryId" label={t('library')}>
                <Select
                  allowClear
                  loading={libraries.isLoading}
                  options={(libraries.data ?? []).map((l) => ({ value: l.libraryId, label: l.displayText || l.name }))}
                  onChange={() => form.setFieldValue('branch', '')}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="branch" label={t('branch')}>
                <Select
                  allowClear
                  showSearch
                  loading={branches.isLoading}
                  options={(branches.data?.branches ?? []).map((b) => ({ value: b.name, label: b.name }))}
                />
              </Form.Item>
            </Col>
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
                <Select options={REVIEW_RULES.map((v) => ({ value: v, label: t(`reviewRules.${v}`) }))} />
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
              <Form.Item name="description" label={t('description')}>
                <Input.TextArea rows={3} maxLength={10000} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}
