import { PROJECT_REFRESH_OPTIONS } from '@ccms/contracts/constants';
import type { ProjectBody } from '@ccms/contracts/work/project';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Col, Form, Input, Modal, Radio, Row, Select, Spin, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../state/session-store';
import { libraryApi } from '../../../content/library/library-api';
import { categoryApi, projectApi } from '../project-api';
import { DateRangeItems, UserSelect } from './pickers';

export interface ProjectFormDialogProps {
  open: boolean;
  /** The project to edit; undefined adds one. */
  projectId: number | undefined;
  onClose: () => void;
  onSaved: (id: number) => void;
}

type FormValues = Omit<ProjectBody, 'libraryId' | 'ownerId'> & { libraryId: number | null; ownerId: number | null };

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

/** Add or edit a project: every field of the spec; rules mirror the server's (contracts/work/project). */
export function ProjectFormDialog({ open, projectId, onClose, onSaved }: ProjectFormDialogProps) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const me = useSession((s) => s.userId);
  const [form] = Form.useForm<FormValues>();
  const editing = projectId !== undefined;
  const libraryId = Form.useWatch('libraryId', form);
  const useOrigin = Form.useWatch('useOriginBranch', form) ?? false;
  const detail = useQuery({
    queryKey: ['ccms', 'project', 'detail', projectId],
    queryFn: () => projectApi.get(projectId ?? 0),
    enabled: open && editing,
    gcTime: 0,
  });
  const categories = useQuery({ queryKey: ['ccms', 'project', 'categories'], queryFn: categoryApi.options, enabled: open });
  const libraries = useQuery({ queryKey: ['ccms', 'library', 'options'], queryFn: libraryApi.options, enabled: open });
  const branches = useQuery({
    queryKey: ['ccms', 'library', 'branches', libraryId],
    queryFn: () => libraryApi.branches(libraryId ?? 0),
    enabled: open && !!libraryId,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!editing) form.setFieldsValue({ ...EMPTY, ownerId: me });
    else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({
        title: d.title,
        name: d.name,
        status: d.status === '1' ? '1' : '0',
        category: d.category,
        schedule: d.schedule,
        description: d.description,
        beginDate: d.beginDate,
        endDate: d.endDate,
        version: d.version,
        libraryId: d.libraryId,
        sourceBranch: d.sourceBranch,
        projectBranch: d.projectBranch,
        useOriginBranch: d.useOriginBranch,
        ownerId: d.ownerId,
        risk: d.risk,
        objective: d.objective,
        milestone: d.milestone,
        secrecy: d.secrecy,
        public: d.public,
        updateSchedule: (PROJECT_REFRESH_OPTIONS as readonly string[]).includes(d.updateSchedule)
          ? (d.updateSchedule as FormValues['updateSchedule'])
          : 'never',
      });
    }
  }, [open, editing, detail.data, form, me]);

  const save = useMutation({
    mutationFn: async (values: FormValues) => {
      const body = { ...values, projectBranch: values.useOriginBranch ? values.sourceBranch : values.projectBranch };
      if (projectId === undefined) return (await projectApi.add(body)).data.id;
      await projectApi.update({ ...body, id: projectId, rowVersion: detail.data?.rowVersion ?? 1 });
      return projectId;
    },
    onSuccess: (id) => {
      message.success(editing ? t('updated') : t('added'));
      onSaved(id);
    },
  });

  const branchOptions = (branches.data?.branches ?? []).map((b) => ({ value: b.name, label: b.name }));

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      width={820}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Spin spinning={editing && detail.isLoading}>
        <Form<FormValues> form={form} labelCol={{ flex: '110px' }} labelWrap initialValues={EMPTY} onFinish={(v) => save.mutate(v)} name="project-form">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="title" label={t('title')} rules={[{ required: true, whitespace: true, message: t('titleRequired') }]}>
                <Input maxLength={200} placeholder={t('titlePlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('name')}>
                <Input maxLength={64} placeholder={t('namePlaceholder')} />
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
              <Form.Item name="version" label={t('version')} rules={[{ required: true, whitespace: true, message: t('versionRequired') }]}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="libraryId" label={t('library')}>
                <Select
                  allowClear
                  placeholder={t('libraryPlaceholder')}
                  loading={libraries.isLoading}
                  options={(libraries.data ?? []).map((l) => ({ value: l.libraryId, label: l.displayText || l.name }))}
                  onChange={(id: number | undefined) => {
                    const lib = libraries.data?.find((l) => l.libraryId === id);
                    form.setFieldValue('libraryId', id ?? null);
                    if (lib) form.setFieldValue('sourceBranch', lib.defaultBranch);
                  }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="sourceBranch" label={t('sourceBranch')} rules={[{ required: true, whitespace: true, message: t('branchRequired') }]}>
                {libraryId ? (
                  <Select showSearch placeholder={t('branchPlaceholder')} loading={branches.isLoading} options={branchOptions} />
                ) : (
                  <Input maxLength={200} placeholder={t('branchPlaceholder')} />
                )}
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="useOriginBranch" label={t('useOriginBranch')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              {!useOrigin && (
                <Form.Item name="projectBranch" label={t('projectBranch')} rules={[{ required: true, whitespace: true, message: t('projectBranchRequired') }]}>
                  <Input maxLength={200} />
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
              <Form.Item name="schedule" label={t('schedule')}>
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item name="objective" label={t('objective')}>
                <Input maxLength={500} />
              </Form.Item>
              <Form.Item name="milestone" label={t('milestone')}>
                <Input maxLength={500} />
              </Form.Item>
              <Form.Item name="risk" label={t('risk')}>
                <Input maxLength={500} />
              </Form.Item>
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
