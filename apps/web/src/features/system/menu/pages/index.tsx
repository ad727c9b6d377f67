import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { MenuQuery } from '@ccms/contracts/system/menu';
import { App, Button, Form, Grid, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../../../i18n';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDict } from '../../../../shared/dict/use-dict';
import { MenuIcon } from '../../../../shared/icons/MenuIcon';
import { CrudButtons } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage } from '../../../../shared/list/ListPage';
import { ExpandToggle, useTreeExpansion } from '../../shared/tree-expansion';
import { type MenuDialogTarget, MenuFormDialog } from '../components/MenuFormDialog';
import { type MenuNode, menuIds, menuTitle } from '../menu-api';
import { menuQueries, useDeleteMenu } from '../menu-queries';
import '../menu.css';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Menus (RuoYi system/menu/index): a tree table, add/edit dialog with the icon picker, delete. */
export default function MenuPage() {
  const { t, i18n } = useTranslation(['menu', 'shared']);
  const wide = Grid.useBreakpoint().md === true;
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const lang = normalizeLanguage(i18n.language);
  const statuses = useDict('sys_normal_disable');
  const [dialog, setDialog] = useState<MenuDialogTarget | null>(null);
  const tree = useTreeExpansion(menuIds);
  const deleteMenu = useDeleteMenu();

  const remove = async (row: MenuNode) => {
    if (!(await confirmDialog(t('confirmDelete', { name: menuTitle(row, lang) }), { type: 'danger' }))) return;
    await deleteMenu.mutateAsync(row.menuId);
    message.success(t('deleted'));
  };

  const columns: ListColumn<MenuNode>[] = [
    {
      key: 'menuName',
      title: t('menuName'),
      hideable: false,
      width: 200,
      ellipsis: true,
      render: (_: unknown, row: MenuNode) => menuTitle(row, lang),
    },
    { key: 'icon', dataIndex: 'icon', title: t('icon'), width: 72, align: 'center', render: (v: string) => <MenuIcon name={v} /> },
    { key: 'orderNum', dataIndex: 'orderNum', title: t('orderNum'), width: 84 },
    { key: 'perms', dataIndex: 'perms', title: t('perms'), width: 160, ellipsis: true },
    { key: 'component', dataIndex: 'component', title: t('component'), width: 160, ellipsis: true },
    { key: 'status', dataIndex: 'status', title: t('status'), width: 84, render: (v: string) => <DictTag options={statuses} value={v} /> },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), width: 170, defaultHidden: true, render: time },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 190,
      // Pinned right on wide screens; on a phone it would cover the row.
      ...(wide ? { fixed: 'right' as const } : {}),
      render: (_: unknown, row: MenuNode) => (
        <Space size={0}>
          <HasPermi value={['system:menu:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ menuId: row.menuId })}>
              {tc('edit')}
            </Button>
          </HasPermi>
          {row.menuType !== 'F' && (
            <HasPermi value={['system:menu:add']}>
              <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setDialog({ parentId: row.menuId, parentType: row.menuType })}>
                {tc('add')}
              </Button>
            </HasPermi>
          )}
          <HasPermi value={['system:menu:remove']}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row)}>
              {tc('delete')}
            </Button>
          </HasPermi>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<MenuNode, MenuQuery>
        // A search shows its matches opened; the full tree starts folded.
        listQuery={(q) => tree.track(menuQueries.list(q), Boolean(q.menuName || q.status))}
        rowKey="menuId"
        paginated={false}
        columns={columns}
        tableProps={{
          size: 'middle',
          expandable: tree.expandable,
        }}
        searchFields={
          <>
            <Form.Item name="menuName" label={t('menuName')}>
              <Input allowClear placeholder={t('menuNamePlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select allowClear placeholder={t('statusPlaceholder')} options={statuses} style={{ width: 160 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows }) => (
          <>
            <CrudButtons selected={selectedRows} add={{ perm: 'system:menu:add', onClick: () => setDialog({ parentId: 0 }) }} />
            <ExpandToggle tree={tree} expandLabel={t('expandAll')} collapseLabel={t('collapseAll')} />
          </>
        )}
      />
      <MenuFormDialog target={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
