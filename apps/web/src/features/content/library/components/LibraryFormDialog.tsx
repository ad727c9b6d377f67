import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { LIBRARY_TYPES } from '@ccms/contracts/constants';
import { Credential, LibraryBody, MASKED_SECRET } from '@ccms/contracts/content/library';
import { App, Button, Col, Divider, Form, Input, Radio, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { TreeSelectField } from '../../../../shared/tree/TreeSelectField';
import { useXmlProfileTypes } from '../../xml-profile/xml-profile-queries';
import { type LibraryRow, libraryApi, type Validation } from '../library-api';
import { libraryQueries, useDeptTree, useLibrary, useSaveLibrary } from '../library-queries';
import { isBranchName, isGitUrl, passwordMustBeEntered } from '../library-rules';

export interface LibraryFormDialogProps {
  open: boolean;
  libraryId: number | undefined;
  onClose: () => void;
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

/** What a connection check depends on: a check is shown only while these are the values it checked. */
const checkedValues = (v: Partial<FormValues> | undefined) => JSON.stringify([v?.url, v?.defaultBranch, v?.credential]);

const toValues = (d: LibraryRow): FormValues => ({
  name: d.name,
  displayText: d.displayText,
  deptId: d.deptId,
  status: d.status === '1' ? '1' : '0',
  libraryType: d.libraryType || 'DITA',
  url: d.url,
  scmType: 'git',
  defaultBranch: d.defaultBranch,
  // The stored password never comes back: an empty field keeps it.
  credential: { type: 'userpass', name: d.credential.name, username: d.credential.username, password: '' },
  remark: d.remark,
});

/** Add or edit a library: remote, branch, credential (the password is never shown back), with a connection check. */
export function LibraryFormDialog({ open, libraryId, onClose }: LibraryFormDialogProps) {
  const { t } = useTranslation('library');
  // Library types XML profiles define (System Manager → Doctypes → XML profiles) besides the built-in ones.
  const profileTypes = useXmlProfileTypes();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const editing = libraryId !== undefined;
  // The check's state, with the values it was made for (a change of remote, branch or credential shows idle again).
  const [check, setCheck] = useState<{ scm: ScmState; for: string }>({ scm: { state: 'idle' }, for: '' });
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    setCheck({ scm: { state: 'idle' }, for: '' });
  }
  const detail = useLibrary(libraryId, open);
  const depts = useDeptTree(open);
  const saveLibrary = useSaveLibrary();

  const body = (v: FormValues): LibraryBody => {
    const password = v.credential.password || (editing ? MASKED_SECRET : '');
    const hasCredential = v.credential.username !== '' || v.credential.name !== '' || v.credential.password !== '' || editing;
    return { ...v, deptId: v.deptId ?? null, ...(hasCredential ? { credential: { ...v.credential, password } } : { credential: undefined }) };
  };

  const entity = useEntityForm<FormValues, LibraryRow>({
    open,
    load: libraryId === undefined ? undefined : libraryQueries.detail(libraryId),
    toValues,
    defaults: EMPTY,
    save: (v) => saveLibrary.mutateAsync(libraryId === undefined ? body(v) : { ...body(v), libraryId }),
    onSaved: () => {
      message.success(editing ? t('updated') : t('added'));
      onClose();
    },
  });
  const { form } = entity;
  const current = Form.useWatch((v: FormValues) => checkedValues(v), form);
  const scm: ScmState = check.for === current ? check.scm : { state: 'idle' };

  const validate = async () => {
    const v = await form.validateFields(['url', 'defaultBranch', ['credential', 'password']]).then(() => form.getFieldsValue(true) as FormValues);
    const checked = checkedValues(v);
    setCheck({ scm: { state: 'validating' }, for: checked });
    try {
      const b = body(v);
      const result = await libraryApi.validate({
        ...(libraryId ? { libraryId } : {}),
        url: b.url,
        defaultBranch: b.defaultBranch,
        ...(b.credential ? { credential: b.credential } : {}),
      });
      setCheck({ scm: result.state === 'success' ? { state: 'success', result } : { state: 'failure', reason: result.message }, for: checked });
    } catch (err) {
      setCheck({ scm: { state: 'failure', reason: err instanceof Error ? err.message : String(err) }, for: checked });
    }
  };

  return (
    <FormDialog open={open} title={editing ? t('editTitle') : t('addTitle')} width={720} labelWidth={110} name="library-form" entity={entity} onClose={onClose}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('name')} rules={zodRules(LibraryBody, 'name', t('name'), { required: t('nameRequired') })}>
            <Input maxLength={zodMaxLength(LibraryBody, 'name')} placeholder={t('namePlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="displayText" label={t('displayText')} rules={zodRules(LibraryBody, 'displayText', t('displayText'))}>
            <Input maxLength={zodMaxLength(LibraryBody, 'displayText')} placeholder={t('displayTextPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="deptId" label={t('dept')}>
            <TreeSelectField treeData={depts.data ?? []} placeholder={t('deptPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="libraryType"
            label={t('libraryType')}
            rules={zodRules(LibraryBody, 'libraryType', t('libraryType'), { required: t('typeRequired') })}
          >
            <Select
              placeholder={t('typePlaceholder')}
              options={[...new Set([...LIBRARY_TYPES, ...(profileTypes.data ?? [])])].map((v) => ({ value: v, label: v }))}
            />
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
            <Input maxLength={zodMaxLength(LibraryBody, 'url')} placeholder={t('urlPlaceholder')} />
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
            <Input maxLength={zodMaxLength(Credential, 'name')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['credential', 'username']} label={t('username')}>
            <Input maxLength={zodMaxLength(Credential, 'username')} autoComplete="off" />
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
            <Input.Password maxLength={zodMaxLength(Credential, 'password')} autoComplete="new-password" placeholder={editing ? MASKED_SECRET : undefined} />
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
      <Form.Item name="remark" label={t('remark')} rules={zodRules(LibraryBody, 'remark', t('remark'))}>
        <Input.TextArea maxLength={zodMaxLength(LibraryBody, 'remark')} rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
