import type { MenuBody, MenuType } from '@ccms/contracts/system/menu';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Col, Form, Input, InputNumber, Modal, Radio, Row, Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../../../i18n';
import { useDict } from '../../../../shared/dict/use-dict';
import { TreeSelectField } from '../../../../shared/tree/TreeSelectField';
import { type MenuNode, menuApi, parentOptions } from '../menu-api';
import { IconPicker } from './IconPicker';

/** What the dialog edits: a menu, or a new one under a parent (0 is the root). */
export type MenuDialogTarget = { menuId: number } | { parentId: number; parentType?: string | undefined };

export interface MenuFormDialogProps {
  target: MenuDialogTarget | null;
  /** The whole menu tree (parent picker). */
  tree: readonly MenuNode[];
  onClose: () => void;
  onSaved: () => void;
}

type YesNo = '0' | '1';

/** The form's values: every text is a string; empty optional texts are sent as null. */
export interface MenuValues {
  parentId: number;
  menuType: MenuType;
  icon: string;
  menuName: string;
  menuNameEn: string;
  orderNum: number;
  isFrame: YesNo;
  path: string;
  component: string;
  routeName: string;
  perms: string;
  query: string;
  isCache: YesNo;
  visible: YesNo;
  status: YesNo;
  /** Pinned in the tab bar. */
  affix: boolean;
  /** Route path highlighted in the sidebar while the page shows. */
  activeMenu: string;
}

const EMPTY: MenuValues = {
  parentId: 0,
  menuType: 'M',
  icon: '#',
  menuName: '',
  menuNameEn: '',
  orderNum: 0,
  isFrame: '1',
  path: '',
  component: '',
  routeName: '',
  perms: '',
  query: '',
  isCache: '0',
  visible: '0',
  status: '0',
  affix: false,
  activeMenu: '',
};

/** A child's usual type: directories hold menus, menus hold buttons. */
export const childType = (parentType: string | undefined): MenuType => (parentType === 'M' ? 'C' : parentType === 'C' ? 'F' : 'M');

const yesNo = (v: string): YesNo => (v === '1' ? '1' : '0');
const menuType = (v: string): MenuType => (v === 'C' || v === 'F' ? v : 'M');
const orNull = (v: string) => (v.trim() ? v.trim() : null);

/** The body the server takes, with only the fields of the chosen type. */
export function toMenuBody(v: MenuValues): MenuBody {
  const button = v.menuType === 'F';
  const page = v.menuType === 'C';
  return {
    parentId: v.parentId,
    menuType: v.menuType,
    menuName: v.menuName.trim(),
    menuNameEn: v.menuNameEn.trim(),
    orderNum: v.orderNum,
    icon: button ? '#' : v.icon || '#',
    isFrame: button ? '1' : v.isFrame,
    path: button ? '' : v.path.trim(),
    component: page ? orNull(v.component) : null,
    query: page ? orNull(v.query) : null,
    routeName: page ? v.routeName.trim() : '',
    perms: v.menuType === 'M' ? null : orNull(v.perms),
    isCache: page ? v.isCache : '0',
    visible: button ? '0' : v.visible,
    status: v.status,
    affix: page ? v.affix : false,
    activeMenu: page ? v.activeMenu.trim() : '',
  };
}

/** Add or edit a menu: directory (M), page (C) or button (F); the fields shown follow the type. */
export function MenuFormDialog({ target, tree, onClose, onSaved }: MenuFormDialogProps) {
  const { t, i18n } = useTranslation('menu');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const lang = normalizeLanguage(i18n.language);
  const statuses = useDict('sys_normal_disable');
  const visibility = useDict('sys_show_hide');
  const [form] = Form.useForm<MenuValues>();
  const type = Form.useWatch('menuType', form) ?? 'M';
  const isFrame = Form.useWatch('isFrame', form) ?? '1';
  const open = target !== null;
  const menuId = target && 'menuId' in target ? target.menuId : undefined;
  const editing = menuId !== undefined;
  const detail = useQuery({ queryKey: ['system', 'menu', 'detail', menuId], queryFn: () => menuApi.get(menuId ?? 0), enabled: editing, gcTime: 0 });
  const parents = useMemo(() => parentOptions(tree, lang, t('rootMenu')), [tree, lang, t]);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if ('parentId' in target) form.setFieldsValue({ ...EMPTY, parentId: target.parentId, menuType: childType(target.parentType) });
    else if (detail.data) {
      const m = detail.data;
      form.setFieldsValue({
        parentId: m.parentId,
        menuType: menuType(m.menuType),
        icon: m.icon,
        menuName: m.menuName,
        menuNameEn: m.menuNameEn,
        orderNum: m.orderNum,
        isFrame: yesNo(m.isFrame),
        path: m.path,
        component: m.component ?? '',
        routeName: m.routeName,
        perms: m.perms ?? '',
        query: m.query ?? '',
        isCache: yesNo(m.isCache),
        visible: yesNo(m.visible),
        status: yesNo(m.status),
        affix: m.affix,
        activeMenu: m.activeMenu,
      });
    }
  }, [target, detail.data, form]);

  const save = useMutation({
    mutationFn: (values: MenuValues) => {
      const body = toMenuBody({ ...EMPTY, ...values });
      return menuId === undefined ? menuApi.add(body) : menuApi.update({ ...body, menuId });
    },
    onSuccess: () => {
      message.success(editing ? t('updated') : t('added'));
      onSaved();
    },
  });

  const yesNoOptions = [
    { value: '0', label: tc('yes') },
    { value: '1', label: tc('no') },
  ];

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
        <Form<MenuValues> form={form} labelCol={{ flex: '110px' }} labelWrap initialValues={EMPTY} onFinish={(v) => save.mutate(v)} name="menu-form">
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item name="parentId" label={t('parent')} rules={[{ required: true, message: t('parentRequired') }]}>
                <TreeSelectField treeData={parents} placeholder={t('parentPlaceholder')} allowClear={false} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="menuType" label={t('menuType')}>
                <Radio.Group
                  options={[
                    { value: 'M', label: t('types.M') },
                    { value: 'C', label: t('types.C') },
                    { value: 'F', label: t('types.F') },
                  ]}
                />
              </Form.Item>
            </Col>
            {type !== 'F' && (
              <Col span={24}>
                <Form.Item name="icon" label={t('icon')}>
                  <IconPicker />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} sm={12}>
              <Form.Item name="menuName" label={t('menuName')} rules={[{ required: true, whitespace: true, message: t('menuNameRequired') }]}>
                <Input maxLength={50} placeholder={t('menuNamePlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="menuNameEn" label={t('menuNameEn')}>
                <Input maxLength={100} placeholder={t('menuNameEnPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="orderNum" label={t('orderNum')} rules={[{ required: true, message: t('orderNumRequired') }]}>
                <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            {type !== 'F' && (
              <Col xs={24} sm={12}>
                <Form.Item name="isFrame" label={t('isFrame')} tooltip={t('isFrameTip')}>
                  <Radio.Group options={yesNoOptions} />
                </Form.Item>
              </Col>
            )}
            {type !== 'F' && (
              <Col xs={24} sm={12}>
                <Form.Item
                  name="path"
                  label={t('path')}
                  tooltip={t('pathTip')}
                  rules={[
                    { required: true, whitespace: true, message: t('pathRequired') },
                    ...(isFrame === '0' ? [{ pattern: /^https?:\/\//i, message: t('pathHttp') }] : []),
                  ]}
                >
                  <Input maxLength={200} placeholder={t('pathPlaceholder')} />
                </Form.Item>
              </Col>
            )}
            {type === 'C' && (
              <Col xs={24} sm={12}>
                <Form.Item name="component" label={t('component')} tooltip={t('componentTip')}>
                  <Input maxLength={255} placeholder={t('componentPlaceholder')} />
                </Form.Item>
              </Col>
            )}
            {type !== 'M' && (
              <Col xs={24} sm={12}>
                <Form.Item name="perms" label={t('perms')} tooltip={t('permsTip')}>
                  <Input maxLength={100} placeholder={t('permsPlaceholder')} />
                </Form.Item>
              </Col>
            )}
            {type === 'C' && (
              <Col xs={24} sm={12}>
                <Form.Item name="query" label={t('query')} tooltip={t('queryTip')}>
                  <Input maxLength={255} placeholder={t('queryPlaceholder')} />
                </Form.Item>
              </Col>
            )}
            {type === 'C' && (
              <Col xs={24} sm={12}>
                <Form.Item name="routeName" label={t('routeName')} tooltip={t('routeNameTip')}>
                  <Input maxLength={50} placeholder={t('routeNamePlaceholder')} />
                </Form.Item>
              </Col>
            )}
            {type === 'C' && (
              <Col xs={24} sm={12}>
                <Form.Item name="isCache" label={t('isCache')} tooltip={t('isCacheTip')}>
                  <Radio.Group
                    options={[
                      { value: '0', label: t('cache') },
                      { value: '1', label: t('noCache') },
                    ]}
                  />
                </Form.Item>
              </Col>
            )}
            {type === 'C' && (
              <Col xs={24} sm={12}>
                <Form.Item name="affix" label={t('affix')} tooltip={t('affixTip')}>
                  <Radio.Group
                    options={[
                      { value: true, label: tc('yes') },
                      { value: false, label: tc('no') },
                    ]}
                  />
                </Form.Item>
              </Col>
            )}
            {type === 'C' && (
              <Col xs={24} sm={12}>
                <Form.Item name="activeMenu" label={t('activeMenu')} tooltip={t('activeMenuTip')}>
                  <Input maxLength={200} placeholder={t('activeMenuPlaceholder')} />
                </Form.Item>
              </Col>
            )}
            {type !== 'F' && (
              <Col xs={24} sm={12}>
                <Form.Item name="visible" label={t('visible')} tooltip={t('visibleTip')}>
                  <Radio.Group options={visibility.map((s) => ({ value: s.value, label: s.label }))} />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} sm={12}>
              <Form.Item name="status" label={t('status')} tooltip={t('statusTip')}>
                <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}
