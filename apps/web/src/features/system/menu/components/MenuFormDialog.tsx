import { type Menu, MenuBody, type MenuType } from '@ccms/contracts/system/menu';
import { App, Col, Form, Input, InputNumber, Radio, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../../../i18n';
import { useDict } from '../../../../shared/dict/use-dict';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { requiredRule, zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { TreeSelectField } from '../../../../shared/tree/TreeSelectField';
import { parentOptions } from '../menu-api';
import { menuQueries, useMenuTree, useSaveMenu } from '../menu-queries';
import { IconPicker } from './IconPicker';

/** What the dialog edits: a menu, or a new one under a parent (0 is the root). */
export type MenuDialogTarget = { menuId: number } | { parentId: number; parentType?: string | undefined };

export interface MenuFormDialogProps {
  target: MenuDialogTarget | null;
  onClose: () => void;
}

type YesNo = '0' | '1';
/** The text fields of MenuBody the dialog edits with an Input. */
type TextField = 'menuName' | 'menuNameEn' | 'path' | 'component' | 'perms' | 'query' | 'routeName' | 'activeMenu';

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

const toValues = (m: Menu): MenuValues => ({
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
export function MenuFormDialog({ target, onClose }: MenuFormDialogProps) {
  const { t, i18n } = useTranslation('menu');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const lang = normalizeLanguage(i18n.language);
  const statuses = useDict('sys_normal_disable');
  const visibility = useDict('sys_show_hide');
  const open = target !== null;
  const menuId = target && 'menuId' in target ? target.menuId : undefined;
  const tree = useMenuTree(open);
  const parents = useMemo(() => parentOptions(tree.data ?? [], lang, t('rootMenu')), [tree.data, lang, t]);
  const saveMenu = useSaveMenu();
  const entity = useEntityForm<MenuValues, Menu>({
    open,
    load: menuId === undefined ? undefined : menuQueries.detail(menuId),
    toValues,
    defaults: target && 'parentId' in target ? { ...EMPTY, parentId: target.parentId, menuType: childType(target.parentType) } : EMPTY,
    save: (values) => {
      // Fields the chosen type hides are not in the values: the body leaves them empty.
      const body = toMenuBody({ ...EMPTY, ...values });
      return saveMenu.mutateAsync(menuId === undefined ? body : { ...body, menuId });
    },
    onSaved: () => {
      message.success(menuId === undefined ? t('added') : t('updated'));
      onClose();
    },
  });
  const type = Form.useWatch('menuType', entity.form) ?? 'M';
  const isFrame = Form.useWatch('isFrame', entity.form) ?? '1';
  /** A text field whose rules and length come from MenuBody. */
  const text = (field: TextField, label: string, placeholder: string, tooltip?: string, extra: Rule[] = []) => (
    <Form.Item name={field} label={label} tooltip={tooltip} rules={[...zodRules(MenuBody, field, label), ...extra]}>
      <Input maxLength={zodMaxLength(MenuBody, field)} placeholder={placeholder} />
    </Form.Item>
  );

  const yesNoOptions = [
    { value: '0', label: tc('yes') },
    { value: '1', label: tc('no') },
  ];

  return (
    <FormDialog
      open={open}
      title={menuId === undefined ? t('addTitle') : t('editTitle')}
      width={720}
      labelWidth={110}
      name="menu-form"
      entity={entity}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="parentId" label={t('parent')} rules={zodRules(MenuBody, 'parentId', t('parent'))}>
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
          {text('menuName', t('menuName'), t('menuNamePlaceholder'))}
        </Col>
        <Col xs={24} sm={12}>
          {text('menuNameEn', t('menuNameEn'), t('menuNameEnPlaceholder'))}
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="orderNum" label={t('orderNum')} rules={zodRules(MenuBody, 'orderNum', t('orderNum'))}>
            <InputNumber precision={0} style={{ width: '100%' }} />
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
            {/* The server requires a path for directories and pages (a service check, not the schema's). */}
            {text('path', t('path'), t('pathPlaceholder'), t('pathTip'), [
              requiredRule(t('path')),
              ...(isFrame === '0' ? [{ pattern: /^https?:\/\//i, message: t('pathHttp') }] : []),
            ])}
          </Col>
        )}
        {type === 'C' && (
          <Col xs={24} sm={12}>
            {text('component', t('component'), t('componentPlaceholder'), t('componentTip'))}
          </Col>
        )}
        {type !== 'M' && (
          <Col xs={24} sm={12}>
            {text('perms', t('perms'), t('permsPlaceholder'), t('permsTip'))}
          </Col>
        )}
        {type === 'C' && (
          <Col xs={24} sm={12}>
            {text('query', t('query'), t('queryPlaceholder'), t('queryTip'))}
          </Col>
        )}
        {type === 'C' && (
          <Col xs={24} sm={12}>
            {text('routeName', t('routeName'), t('routeNamePlaceholder'), t('routeNameTip'))}
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
            {text('activeMenu', t('activeMenu'), t('activeMenuPlaceholder'), t('activeMenuTip'))}
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
    </FormDialog>
  );
}
