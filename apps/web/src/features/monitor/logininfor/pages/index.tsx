import { ClearOutlined, UnlockOutlined } from '@ant-design/icons';
import type { LoginInfo } from '@ccms/contracts/monitor/logininfor';
import { App, Button, DatePicker, Form, Input, Select } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDict } from '../../../../shared/dict/use-dict';
import { dateTime } from '../../../../shared/format';
import { CrudButtons } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { type LoginInfoFilters, loginInfoApi, loginInfoFilters } from '../logininfor-api';
import { loginInfoQueries, useCleanLoginInfo, useDeleteLoginInfos, useUnlockUser } from '../logininfor-queries';

/** Sign-in log (RuoYi monitor/logininfor/index): search with a date range, delete, clean, unlock the selected user, export. */
export default function LoginInfoPage() {
  const { t } = useTranslation('monitor');
  const { message } = App.useApp();
  const statuses = useDict('sys_common_status');
  const list = useRef<ListPageHandle>(null);
  const deleteLogs = useDeleteLoginInfos();
  const cleanLog = useCleanLoginInfo();
  const unlockUser = useUnlockUser();

  const done = (text: string) => {
    message.success(text);
    list.current?.clearSelection();
  };

  const remove = async (rows: readonly LoginInfo[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('logininfor.confirmDelete', { ids: rows.map((r) => r.infoId).join(', ') }), { type: 'danger' }))) return;
    await deleteLogs.mutateAsync(rows.map((r) => r.infoId));
    done(t('logininfor.deleted'));
  };

  const clean = async () => {
    if (!(await confirmDialog(t('logininfor.confirmClean'), { type: 'danger' }))) return;
    await cleanLog.mutateAsync();
    done(t('logininfor.cleaned'));
  };

  const unlock = async (row: LoginInfo | undefined) => {
    if (!row) return;
    if (!(await confirmDialog(t('logininfor.confirmUnlock', { name: row.userName })))) return;
    await unlockUser.mutateAsync(row.userName);
    done(t('logininfor.unlocked', { name: row.userName }));
  };

  const columns: ListColumn<LoginInfo>[] = [
    { key: 'infoId', dataIndex: 'infoId', title: t('logininfor.infoId'), width: 100 },
    { key: 'userName', dataIndex: 'userName', title: t('logininfor.userName'), sorter: true },
    { key: 'ipaddr', dataIndex: 'ipaddr', title: t('logininfor.ipaddr') },
    { key: 'loginLocation', dataIndex: 'loginLocation', title: t('logininfor.loginLocation'), defaultHidden: true },
    { key: 'browser', dataIndex: 'browser', title: t('logininfor.browser') },
    { key: 'os', dataIndex: 'os', title: t('logininfor.os') },
    { key: 'status', dataIndex: 'status', title: t('logininfor.status'), width: 110, render: (v: string) => <DictTag options={statuses} value={v} /> },
    { key: 'msg', dataIndex: 'msg', title: t('logininfor.msg'), ellipsis: true },
    { key: 'loginTime', dataIndex: 'loginTime', title: t('logininfor.loginTime'), width: 180, sorter: true, render: dateTime },
  ];

  return (
    <ListPage<LoginInfo, LoginInfoFilters>
      ref={list}
      listQuery={loginInfoQueries.list}
      toQuery={loginInfoFilters}
      rowKey="infoId"
      selection="multiple"
      columns={columns}
      searchFields={
        <>
          <Form.Item name="ipaddr" label={t('logininfor.ipaddr')}>
            <Input allowClear placeholder={t('logininfor.ipaddrPlaceholder')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="userName" label={t('logininfor.userName')}>
            <Input allowClear placeholder={t('logininfor.userNamePlaceholder')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="status" label={t('logininfor.status')}>
            <Select allowClear placeholder={t('logininfor.statusPlaceholder')} options={statuses} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="dateRange" label={t('logininfor.loginTime')}>
            <DatePicker.RangePicker placeholder={[t('beginDate'), t('endDate')]} style={{ width: 260 }} />
          </Form.Item>
        </>
      }
      toolbar={({ selectedRows, query }) => (
        <CrudButtons
          selected={selectedRows}
          remove={{ perm: 'monitor:logininfor:remove', onClick: remove }}
          export={{ perm: 'monitor:logininfor:export', onClick: () => loginInfoApi.export(query) }}
        >
          <HasPermi value={['monitor:logininfor:remove']}>
            <Button danger icon={<ClearOutlined />} onClick={clean}>
              {t('logininfor.clean')}
            </Button>
          </HasPermi>
          <HasPermi value={['monitor:logininfor:unlock']}>
            <Button type="primary" ghost icon={<UnlockOutlined />} disabled={selectedRows.length !== 1} onClick={() => unlock(selectedRows[0])}>
              {t('logininfor.unlock')}
            </Button>
          </HasPermi>
        </CrudButtons>
      )}
    />
  );
}
