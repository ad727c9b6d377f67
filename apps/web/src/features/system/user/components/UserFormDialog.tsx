import { ReloadOutlined } from '@ant-design/icons';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@ccms/contracts/constants';
import { Code } from '@ccms/contracts/http';
import type { TreeSelect } from '@ccms/contracts/system/role';
import type { UserBody } from '@ccms/contracts/system/user';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, Form, Input, Modal, Radio, Row, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/errors';
import { useDicts } from '../../../../shared/dict/use-dict';
import { TreeSelectField } from '../../../../shared/tree/TreeSelectField';
import { userApi } from '../user-api';

export interface UserFormDialogProps {
  open: boolean;
  /** The user to edit; undefined adds one. */
  userId: number | undefined;
  /** Preselected department of a new user (the one picked in the tree). */
  deptId?: number | undefined;
  deptTree: readonly TreeSelect[];
  onClose: () => void;
  onSaved: () => void;
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

/** The server's rules (contracts/system/user). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\d{0,11}$/;

const asSex = (v: string): Sex => (v === '0' || v === '1' ? v : '2');
const asStatus = (v: string): Status => (v === '1' ? '1' : '0');

/**
 * Add or edit a user: nickname, department, contact, sign-in name and password (new users
 * only), sex, status, posts, roles, remark. A stale version (someone saved in between) answers
 * 409: the dialog says so and offers to reload the user.
 */
export function UserFormDialog({ open, userId, deptId, deptTree, onClose, onSaved }: UserFormDialogProps) {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const { sys_user_sex: sexes, sys_normal_disable: statuses } = useDicts('sys_user_sex', 'sys_normal_disable');
  const [form] = Form.useForm<UserValues>();
  const [conflict, setConflict] = useState(false);
  const editing = userId !== undefined;
  const detail = useQuery({ queryKey: ['system', 'user', 'form', userId ?? 'new'], queryFn: () => userApi.form(userId), enabled: open, gcTime: 0 });
  const data = detail.data;

  useEffect(() => {
    if (!open) return;
    setConflict(false);
    form.resetFields();
    if (!editing) form.setFieldsValue({ ...EMPTY, deptId });
  }, [open, editing, deptId, form]);

  useEffect(() => {
    if (!open || !editing || !data?.data) return;
    const u = data.data;
    form.setFieldsValue({
      nickName: u.nickName,
      deptId: u.deptId ?? undefined,
      phonenumber: u.phonenumber,
      email: u.email,
      userName: u.userName,
      sex: asSex(u.sex),
      status: asStatus(u.status),
      postIds: data.postIds ?? [],
      roleIds: data.roleIds ?? [],
      remark: u.remark,
    });
  }, [open, editing, data, form]);

  const save = useMutation({
    mutationFn: (v: UserValues) => {
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
      if (userId === undefined) return userApi.add({ ...fields, userName: v.userName.trim(), password: v.password });
      return userApi.update({ ...fields, userId, version: data?.data?.version });
    },
    onSuccess: () => {
      message.success(editing ? t('updated') : t('added'));
      onSaved();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === Code.CONFLICT) setConflict(true);
    },
  });

  const reload = async () => {
    setConflict(false);
    await detail.refetch();
  };

  const roleOptions = (data?.roles ?? []).map((r) => ({ value: r.roleId, label: r.roleName, disabled: r.status === '1' }));
  const postOptions = (data?.posts ?? []).map((p) => ({ value: p.postId, label: p.postName, disabled: p.status === '1' }));

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      width={680}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: conflict }}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
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
      <Spin spinning={detail.isFetching}>
        <Form<UserValues> form={form} labelCol={{ flex: '92px' }} labelWrap initialValues={EMPTY} onFinish={(v) => save.mutate(v)} name="user-form">
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="nickName" label={t('nickName')} rules={[{ required: true, whitespace: true, message: t('nickNameRequired') }]}>
                <Input maxLength={30} placeholder={t('nickNamePlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="deptId" label={t('dept')}>
                <TreeSelectField treeData={deptTree} placeholder={t('deptPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="phonenumber" label={t('phonenumber')} rules={[{ pattern: PHONE, message: t('phoneInvalid') }]}>
                <Input maxLength={11} placeholder={t('phonenumberPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="email" label={t('email')} rules={[{ pattern: EMAIL, message: t('emailInvalid') }]}>
                <Input maxLength={50} placeholder={t('emailPlaceholder')} />
              </Form.Item>
            </Col>
            {!editing && (
              <>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="userName"
                    label={t('userName')}
                    rules={[
                      { required: true, whitespace: true, message: t('userNameRequired') },
                      { min: USERNAME_MIN, max: USERNAME_MAX, message: t('userNameLength', { min: USERNAME_MIN, max: USERNAME_MAX }) },
                    ]}
                  >
                    <Input maxLength={USERNAME_MAX} placeholder={t('userNamePlaceholder')} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="password"
                    label={t('password')}
                    rules={[
                      { required: true, message: t('passwordRequired') },
                      { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }) },
                    ]}
                  >
                    <Input.Password maxLength={PASSWORD_MAX} placeholder={t('passwordPlaceholder')} autoComplete="new-password" />
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
              <Form.Item name="remark" label={t('remark')}>
                <Input.TextArea maxLength={500} rows={3} placeholder={t('remarkPlaceholder')} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}
