import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { LIBRARY_TYPES } from '@ccms/contracts/constants';
import { type LibraryBody, MASKED_SECRET } from '@ccms/contracts/content/library';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Col, Divider, Form, Input, Modal, Radio, Row, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { TreeSelectField } from '../../../../shared/tree/TreeSelectField';
import { libraryApi, type Validation } from '../library-api';
import { isBranchName, isGitUrl, passwordMustBeEntered } from '../library-rules';

export interface LibraryFormDialogProps {
  open: boolean;
  libraryId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** The form's shape: the contract's body with a credential always present. */
type FormValues = LibraryBody & { credential: { type: 'userpass'; name: string; username: string; password: string } };

const EMPTY: FormValues = {
  name: '',
  displayText: '',
  deptId: null,
  status: '0',
  libraryType: 'DITA',
  url: '',
  scmType: 'git',
  defaultBranch: 'main',
  credential: { type: 'userpass', name: '', username: '', password: '' },
  remark: '',
};

/** The spec's SCM validation states. */
export type ScmState = { state: 'idle' } | { state: 'validating' } | { state: 'success'; result: Validation } | { state: 'failure'; reason: string };

export function ScmStatus({ scm }: { scm: ScmState }) {
  const { t } = useTranslation('library');
  switch (scm.state) {
    case 'idle':
      return (
        <Typography.Text type="secondary" data-testid="scm-state" data-state="idle">
          <MinusCircleOutlined /> {t('scm.idle')}
        </Typography.Text>
      );
    case 'validating':
      return (
        <Typography.Text data-testid="scm-state" data-state="validating">
          <LoadingOutlined /> {t('scm.validating')}
        </Typography.Text>
      );
    case 'success':
      return (
        <Typography.Text type="success" data-testid="scm-state" data-state="success">
          <CheckCircleFilled /> {t('scm.success')}
          {scm.result.branches.length > 0 && <> · {t('branchesFound', { branches: scm.result.branches.slice(0, 5).join(', ') })}</>}
        </Typography.Text>
      );
    case 'failure':
      return (
        <Typography.Text type="danger" data-testid="scm-state" data-state="failure">
          <CloseCircleFilled /> {t('scm.failure', { reason: scm.reason })}
        </Typography.Text>
      );
  }
}

/** Add or edit a library: remote, branch, credential (the password is never shown back), with a connection check. */
export function LibraryFormDialog({ open, libraryId, onClose, onSaved }: LibraryFormDialogProps) {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const [form] = Form.useForm<FormValues>();
  const [scm, setScm] = useState<ScmState>({ state: 'idle' });
  const editing = libraryId !== undefined;
  const detail = useQuery({
    queryKey: ['ccms', 'library', 'detail', libraryId],
    queryFn: () => libraryApi.get(libraryId ?? 0),
    enabled: open && editing,
    gcTime: 0,
  });
  const depts = useQuery({ queryKey: ['ccms', 'library', 'deptTree'], queryFn: libraryApi.deptTree, enabled: open, retry: false });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setScm({ state: 'idle' });
    if (!editing) form.setFieldsValue(EMPTY);
    else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({
        name: d.name,
        displayText: d.displayText,
        deptId: d.deptId,
        status: d.status === '1' ? '1' : '0',
        libraryType: (LIBRARY_TYPES as readonly string[]).includes(d.libraryType) ? (d.libraryType as FormValues['libraryType']) : 'DITA',
        url: d.url,
        scmType: 'git',
        defaultBranch: d.defaultBranch,
        // The stored password never comes back: an empty field keeps it.
        credential: { type: 'userpass', name: d.credential.name, username: d.credential.username, password: '' },
        remark: d.remark,
      });
    }
  }, [open, editing, detail.data, form]);

  const body = (v: FormValues): LibraryBody => {
    const password = v.credential.password || (editing ? MASKED_SECRET : '');
    const hasCredential = v.credential.username !== '' || v.credential.name !== '' || v.credential.password !== '' || editing;
    return { ...v, deptId: v.deptId ?? null, ...(hasCredential ? { credential: { ...v.credential, password } } : { credential: undefined }) };
  };

  const validate = async () => {
    const v = await form.validateFields(['url', 'defaultBranch', ['credential', 'password']]).then(() => form.getFieldsValue(true) as FormValues);
    setScm({ state: 'validating' });
    try {
      const b = body(v);
      const result = await libraryApi.validate({
        ...(libraryId ? { libraryId } : {}),
        url: b.url,
        defaultBranch: b.defaultBranch,
        ...(b.credential ? { credential: b.credential } : {}),
      });
      setScm(result.state === 'success' ? { state: 'success', result } : { state: 'failure', reason: result.message });
    } catch (err) {
      setScm({ state: 'failure', reason: err instanceof Error ? err.message : String(err) });
    }
  };

  const save = useMutation({
    mutationFn: (v: FormValues) => (libraryId === undefined ? libraryApi.add(body(v)) : libraryApi.update({ ...body(v), libraryId })),
    onSuccess: () => {
      message.success(editing ? t('updated') : t('added'));
      onSaved();
    },
  });

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      width={720}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Spin spinning={editing && detail.isLoading}>
        <Form<FormValues>
          form={form}
          labelCol={{ flex: '110px' }}
          labelWrap
          initialValues={EMPTY}
          onFinish={(v) => save.mutate(v)}
          onValuesChange={(changed: Partial<FormValues>) => {
            if ('url' in changed || 'defaultBranch' in changed || 'credential' in changed) setScm({ state: 'idle' });
          }}
          name="library-form"
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}>
                <Input maxLength={100} placeholder={t('namePlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="displayText" label={t('displayText')}>
                <Input maxLength={200} placeholder={t('displayTextPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="deptId" label={t('dept')}>
                <TreeSelectField treeData={depts.data ?? []} placeholder={t('deptPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="libraryType" label={t('libraryType')} rules={[{ required: true, message: t('typeRequired') }]}>
                <Select placeholder={t('typePlaceholder')} options={LIBRARY_TYPES.map((v) => ({ value: v, label: v }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="status" label={t('status')}>
                <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="scmType" label={t('scmType')}>
                <Select options={[{ value: 'git', label: 'git' }]} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="url"
                label={t('url')}
                rules={[{ validator: (_r, v: string | undefined) => (isGitUrl(v ?? '') ? Promise.resolve() : Promise.reject(new Error(t('urlInvalid')))) }]}
              >
                <Input maxLength={500} placeholder={t('urlPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="defaultBranch"
                label={t('defaultBranch')}
                rules={[
                  { required: true, whitespace: true, message: t('branchRequired') },
                  { validator: (_r, v: string | undefined) => (!v || isBranchName(v) ? Promise.resolve() : Promise.reject(new Error(t('branchInvalid')))) },
                ]}
              >
                <Input maxLength={200} />
              </Form.Item>
            </Col>
          </Row>
          <Divider titlePlacement="start" plain>
            {t('credential')}
          </Divider>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name={['credential', 'type']} label={t('credentialType')}>
                <Select options={[{ value: 'userpass', label: 'userpass' }]} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={['credential', 'name']} label={t('credentialName')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={['credential', 'username']} label={t('username')}>
                <Input maxLength={200} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={['credential', 'password']}
                label={t('password')}
                extra={editing ? t('passwordKept') : undefined}
                dependencies={['url']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_r, v: string | undefined) =>
                      v || !passwordMustBeEntered(detail.data, getFieldValue('url')) ? Promise.resolve() : Promise.reject(new Error(t('passwordAgain'))),
                  }),
                ]}
              >
                <Input.Password maxLength={500} autoComplete="new-password" placeholder={editing ? MASKED_SECRET : undefined} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label=" " colon={false}>
            <Space wrap>
              <Button onClick={validate} loading={scm.state === 'validating'}>
                {t('validate')}
              </Button>
              <ScmStatus scm={scm} />
            </Space>
          </Form.Item>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
