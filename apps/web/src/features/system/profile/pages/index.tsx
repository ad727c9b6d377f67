import { ApartmentOutlined, CalendarOutlined, MailOutlined, PhoneOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { ProfileBody, UpdatePwdBody } from '@ccms/contracts/system/profile';
import { App, Avatar, Button, Card, Form, Input, Radio, Skeleton, Tabs } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRule, zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useSession } from '../../../../state/session-store';
import { NotificationPrefsForm } from '../../notification/components/NotificationPrefsForm';
import { AvatarCropper } from '../components/AvatarCropper';
import { useProfile, useUpdatePassword, useUpdateProfile, useUploadAvatar } from '../profile-queries';
import '../profile.css';
import { IdentityList } from '../../sso/components/IdentityList';

/** The email check is a refinement the contract's rules cannot read: the same test here. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function InfoRow({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <li>
      <span className="profile-info-label">
        {icon} {label}
      </span>
      <span className="profile-info-value">{value}</span>
    </li>
  );
}

function BasicInfoForm({ initial }: { initial: ProfileBody }) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileBody>();
  const save = useUpdateProfile();
  useEffect(() => form.setFieldsValue(initial), [form, initial]);
  return (
    <Form<ProfileBody>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '100px' }}
      initialValues={initial}
      onFinish={(v) => save.mutate(v, { onSuccess: () => message.success(t('saved')) })}
    >
      <Form.Item name="nickName" label={t('nickName')} rules={zodRules(ProfileBody, 'nickName', t('nickName'))}>
        <Input maxLength={zodMaxLength(ProfileBody, 'nickName')} />
      </Form.Item>
      <Form.Item name="phonenumber" label={t('phone')} rules={zodRules(ProfileBody, 'phonenumber', t('phone'), { pattern: t('phoneInvalid') })}>
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="email" label={t('email')} rules={[...zodRules(ProfileBody, 'email', t('email')), { pattern: EMAIL, message: t('emailInvalid') }]}>
        <Input maxLength={zodMaxLength(ProfileBody, 'email')} />
      </Form.Item>
      <Form.Item name="sex" label={t('sex')}>
        <Radio.Group
          options={[
            { value: '0', label: t('male') },
            { value: '1', label: t('female') },
            { value: '2', label: t('unknown') },
          ]}
        />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {tc('save')}
        </Button>
      </Form.Item>
    </Form>
  );
}

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

function PasswordForm() {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const save = useUpdatePassword();
  const submit = (v: PasswordValues) =>
    save.mutate(
      { oldPassword: v.oldPassword, newPassword: v.newPassword },
      {
        onSuccess: () => {
          message.success(t('saved'));
          form.resetFields();
        },
      },
    );
  return (
    <Form<PasswordValues> form={form} labelCol={{ flex: '100px' }} onFinish={submit}>
      <Form.Item name="oldPassword" label={t('oldPassword')} rules={zodRules(UpdatePwdBody, 'oldPassword', t('oldPassword'))}>
        <Input.Password placeholder={t('oldPasswordPlaceholder')} autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('newPassword')}
        rules={zodRules(UpdatePwdBody, 'newPassword', t('newPassword'), { length: t('newPasswordLength') })}
      >
        <Input.Password placeholder={t('newPasswordPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          requiredRule(t('confirmPassword')),
          ({ getFieldValue }) => ({
            validator: (_, value) => (!value || getFieldValue('newPassword') === value ? Promise.resolve() : Promise.reject(new Error(t('passwordMismatch')))),
          }),
        ]}
      >
        <Input.Password placeholder={t('confirmPasswordPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {tc('save')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** Personal centre: profile card with avatar, basic information form, password change. */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { t: tn } = useTranslation('notification');
  const { t: ts } = useTranslation('sso');
  const { message } = App.useApp();
  const avatar = useSession((s) => s.avatar);
  const [cropOpen, setCropOpen] = useState(false);
  const profile = useProfile();
  const uploadAvatar = useUploadAvatar();
  const user = profile.data?.data;

  const upload = async (blob: Blob) => {
    await uploadAvatar.mutateAsync(blob);
    message.success(t('saved'));
  };

  return (
    <div className="profile-page">
      <Card title={t('personalInfo')} className="profile-card">
        {user ? (
          <>
            <div className="profile-avatar">
              <button type="button" onClick={() => setCropOpen(true)} title={t('avatarHint')} aria-label={t('avatarTitle')}>
                <Avatar src={avatar} size={110} alt="" />
              </button>
            </div>
            <ul className="profile-info">
              <InfoRow icon={<UserOutlined />} label={t('userName')} value={user.userName} />
              <InfoRow icon={<PhoneOutlined />} label={t('phone')} value={user.phonenumber} />
              <InfoRow icon={<MailOutlined />} label={t('email')} value={user.email} />
              <InfoRow icon={<ApartmentOutlined />} label={t('dept')} value={[user.dept?.deptName, profile.data?.postGroup].filter(Boolean).join(' / ')} />
              <InfoRow icon={<TeamOutlined />} label={t('roles')} value={profile.data?.roleGroup} />
              <InfoRow
                icon={<CalendarOutlined />}
                label={t('createTime')}
                value={user.createTime ? dayjs(user.createTime).format('YYYY-MM-DD HH:mm:ss') : ''}
              />
            </ul>
          </>
        ) : (
          <Skeleton active avatar paragraph={{ rows: 5 }} />
        )}
      </Card>
      <Card className="profile-tabs">
        {user ? (
          <Tabs
            items={[
              {
                key: 'basic',
                label: t('basicInfo'),
                children: (
                  <BasicInfoForm
                    initial={{
                      nickName: user.nickName,
                      phonenumber: user.phonenumber,
                      email: user.email,
                      sex: user.sex === '1' ? '1' : user.sex === '0' ? '0' : '2',
                    }}
                  />
                ),
              },
              { key: 'password', label: t('changePassword'), children: <PasswordForm /> },
              { key: 'notification', label: tn('settings'), children: <NotificationPrefsForm /> },
              { key: 'sso', label: ts('profileTitle'), children: <IdentityList /> },
            ]}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </Card>
      <AvatarCropper open={cropOpen} current={avatar} onClose={() => setCropOpen(false)} onUpload={upload} />
    </div>
  );
}
