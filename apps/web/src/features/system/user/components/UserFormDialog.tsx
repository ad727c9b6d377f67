import { ReloadOutlined } from '@ant-design/icons';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@ccms/contracts/constants';
import { Code } from '@ccms/contracts/http';
import type { TreeSelect } from '@ccms/contracts/system/role';
import { UserBody } from '@ccms/contracts/system/user';
import { Alert, App, Button, Col, Form, Input, Radio, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/errors';
import { useDicts } from '../../../../shared/dict/use-dict';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { TreeSelectField } from '../../../../shared/tree/TreeSelectField';
import type { UserForm } from '../user-api';
import { userQueries, useSaveUser, useUserForm } from '../user-queries';

export interface UserFormDialogProps {
  open: boolean;
  /** The user to edit; undefined adds one. */
  userId: number | undefined;
  /** Preselected department of a new user (the one picked in the tree). */
  deptId?: number | undefined;
  deptTree: readonly TreeSelect[];
  onClose: () => void;
}

type Sex = UserBody['sex'];
type Status = UserBody['status'];

export interface UserValues {
  nickName: string;
  deptId: number | undefined;
  phonenumber: string;
  email: string;
  userName: string;
  password: string;
  sex: Sex;
  status: Status;
  postIds: number[];
  roleIds: number[];
  remark: string;
}

const EMPTY: UserValues = {
  nickName: '',
  deptId: undefined,
  phonenumber: '',
  email: '',
  userName: '',
  password: '',
  sex: '2',
  status: '0',
  postIds: [],
  roleIds: [],
  remark: '',
};

/** The email check is a refinement the contract's rules cannot read: the same test here. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A new password's rules (UserBody / ResetPwdBody share the contract's Password), with the screen's length sentence. */
export const passwordRules = (label: string, length: string) => zodRules(UserBody, 'password', label, { length });

const asSex = (v: string): Sex => (v === '0' || v === '1' ? v : '2');
const asStatus = (v: string): Status => (v === '1' ? '1' : '0');

const toValues = (form: UserForm): UserValues => {
  const u = form.data;
  if (!u) return EMPTY;
  return {
    ...EMPTY,
    nickName: u.nickName,
    deptId: u.deptId ?? undefined,
    phonenumber: u.phonenumber,
    email: u.email,
    userName: u.userName,
    sex: asSex(u.sex),
    status: asStatus(u.status),
    postIds: form.postIds ?? [],
    roleIds: form.roleIds ?? [],
    remark: u.remark,
  };
};

/**
 * Add or edit a user: nickname, department, contact, sign-in name and password (new users
 * only), sex, status, posts, roles, remark; rules come from UserBody. A stale version (someone
 * saved in between) answers 409: the dialog says so and offers to reload the user.
 */
export function UserFormDialog({ open, userId, deptId, deptTree, onClose }: UserFormDialogProps) {
  const { t } = useTranslation('user');
  const { message } = App.useApp();
  const { sys_user_sex: sexes, sys_normal_disable: statuses } = useDicts('sys_user_sex', 'sys_normal_disable');
  const [conflict, setConflict] = useState(false);
  // Each opening starts without the last one's conflict.
  const [shown, setShown] = useState(open);
  if (shown !== open) {
    setShown(open);
    setConflict(false);
  }
  // The form's choices (posts, roles) and the version read: the same query the form loads when editing.
  const detail = useUserForm(userId, open);
  const data = detail.data;
  const saveUser = useSaveUser();
  const entity = useEntityForm<UserValues, UserForm>({
    open,
    load: userId === undefined ? undefined : userQueries.form(userId),
    toValues,
    defaults: { ...EMPTY, deptId },
    save: async (v) => {
      const fields = {
        nickName: v.nickName.trim(),
        deptId: v.deptId ?? null,
        phonenumber: (v.phonenumber ?? '').trim(),
        email: (v.email ?? '').trim(),
        sex: v.sex,
        status: v.status,
        postIds: v.postIds ?? [],
        roleIds: v.roleIds ?? [],
        remark: v.remark ?? '',
      };
      try {
        return await saveUser.mutateAsync(
          userId === undefined ? { ...fields, userName: v.userName.trim(), password: v.password } : { ...fields, userId, version: data?.data?.version },
        );
      } catch (err) {
        if (err instanceof ApiError && err.code === Code.CONFLICT) setConflict(true);
        throw err;
      }
    },
    onSaved: () => {
      message.success(userId === undefined ? t('added') : t('updated'));
      onClose();
    },
  });

  const reload = async () => {
    setConflict(false);
    const fresh = await detail.refetch();
    if (fresh.data) entity.form.setFieldsValue(toValues(fresh.data));
  };

  const roleOptions = (data?.roles ?? []).map((r) => ({ value: r.roleId, label: r.roleName, disabled: r.status === '1' }));
  const postOptions = (data?.posts ?? []).map((p) => ({ value: p.postId, label: p.postName, disabled: p.status === '1' }));

  return (
    <FormDialog
      open={open}
      title={userId === undefined ? t('addTitle') : t('editTitle')}
      width={680}
      labelWidth={92}
      name="user-form"
      entity={entity}
      okDisabled={conflict}
      onClose={onClose}
    >
      {conflict && (
        <Alert
          className="user-conflict"
          type="warning"
          showIcon
          title={t('conflictTitle')}
          description={t('conflictText')}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={reload}>
              {t('reloadUser')}
            </Button>
          }
        />
      )}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="nickName" label={t('nickName')} rules={zodRules(UserBody, 'nickName', t('nickName'))}>
            <Input maxLength={zodMaxLength(UserBody, 'nickName')} placeholder={t('nickNamePlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="deptId" label={t('dept')}>
            <TreeSelectField treeData={deptTree} placeholder={t('deptPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="phonenumber" label={t('phonenumber')} rules={zodRules(UserBody, 'phonenumber', t('phonenumber'), { pattern: t('phoneInvalid') })}>
            <Input maxLength={11} placeholder={t('phonenumberPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="email" label={t('email')} rules={[...zodRules(UserBody, 'email', t('email')), { pattern: EMAIL, message: t('emailInvalid') }]}>
            <Input maxLength={zodMaxLength(UserBody, 'email')} placeholder={t('emailPlaceholder')} />
          </Form.Item>
        </Col>
        {userId === undefined && (
          <>
            <Col xs={24} sm={12}>
              <Form.Item
                name="userName"
                label={t('userName')}
                rules={zodRules(UserBody, 'userName', t('userName'), { length: t('userNameLength', { min: USERNAME_MIN, max: USERNAME_MAX }) })}
              >
                <Input maxLength={zodMaxLength(UserBody, 'userName')} placeholder={t('userNamePlaceholder')} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="password"
                label={t('password')}
                rules={passwordRules(t('password'), t('passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }))}
              >
                <Input.Password maxLength={zodMaxLength(UserBody, 'password')} placeholder={t('passwordPlaceholder')} autoComplete="new-password" />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="sex" label={t('sex')}>
            <Select options={sexes} placeholder={t('sexPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="status" label={t('status')}>
            <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="postIds" label={t('posts')}>
            <Select mode="multiple" allowClear options={postOptions} placeholder={t('postsPlaceholder')} optionFilterProp="label" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="roleIds" label={t('roles')}>
            <Select mode="multiple" allowClear options={roleOptions} placeholder={t('rolesPlaceholder')} optionFilterProp="label" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('remark')} rules={zodRules(UserBody, 'remark', t('remark'))}>
            <Input.TextArea maxLength={zodMaxLength(UserBody, 'remark')} rows={3} placeholder={t('remarkPlaceholder')} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
