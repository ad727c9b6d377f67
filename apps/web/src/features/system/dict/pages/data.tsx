import { CloseOutlined } from '@ant-design/icons';
import type { DictData } from '@ccms/contracts/system/dict';
import { App, Button, Form, Input, Result, Select, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDicts } from '../../../../shared/dict/use-dict';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { useTags } from '../../../../state/tags-store';
import { DictDataFormDialog } from '../components/DictDataFormDialog';
import { type DictDataFilters, dictApi } from '../dict-api';
import { dictQueries, useDeleteDictData, useDictType, useDictTypeOptions } from '../dict-queries';
import { StyledLabel } from '../list-class';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

const DICT_LIST = '/system/dict';

/** Dictionary items of one type (RuoYi system/dict/data, route /system/dict-data/index/{dictId}). */
export default function DictDataPage() {
  const { t } = useTranslation('dict');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dictId = Number(useParams().dictId);
  const { sys_normal_disable: statuses, sys_yes_no: yesNo } = useDicts('sys_normal_disable', 'sys_yes_no');
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; dictCode: number | undefined; dictType: string }>({ open: false, dictCode: undefined, dictType: '' });

  const type = useDictType(dictId);
  const types = useDictTypeOptions();
  // Refreshes the list and, across the app, the selects and tags that read the type.
  const deleteData = useDeleteDictData();

  const remove = async (rows: readonly DictData[]) => {
    if (rows.length === 0) return;
    const ok = await confirmDialog(t('data.confirmDelete', { ids: rows.map((r) => r.dictCode).join(', ') }), { type: 'danger' });
    if (!ok) return;
    await deleteData.mutateAsync(rows.map((r) => r.dictCode));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const close = () => {
    const tags = useTags.getState();
    const view = tags.visitedViews.find((v) => v.path === pathname);
    if (view) tags.delView(view);
    navigate(DICT_LIST);
  };

  if (type.isError) return <Result status="404" title={t('data.typeMissing')} extra={<Button onClick={close}>{t('data.close')}</Button>} />;
  if (!type.data) return <Skeleton active className="list-page" />;
  const dictType = type.data.dictType;

  const columns: ListColumn<DictData>[] = [
    { key: 'dictCode', dataIndex: 'dictCode', title: t('data.dictCode'), width: 100 },
    {
      key: 'dictLabel',
      dataIndex: 'dictLabel',
      title: t('data.dictLabelZh'),
      render: (v: string, row: DictData) => <StyledLabel label={v} listClass={row.listClass} cssClass={row.cssClass} />,
    },
    {
      key: 'dictLabelEn',
      dataIndex: 'dictLabelEn',
      title: t('data.dictLabelEn'),
      render: (v: string, row: DictData) => <StyledLabel label={v} listClass={row.listClass} cssClass={row.cssClass} />,
    },
    { key: 'dictValue', dataIndex: 'dictValue', title: t('data.dictValue') },
    { key: 'dictSort', dataIndex: 'dictSort', title: t('data.dictSort'), width: 100 },
    { key: 'listClass', dataIndex: 'listClass', title: t('data.listClass'), width: 110, defaultHidden: true },
    { key: 'cssClass', dataIndex: 'cssClass', title: t('data.cssClass'), width: 110, defaultHidden: true },
    { key: 'isDefault', dataIndex: 'isDefault', title: t('data.isDefault'), width: 90, render: (v: string) => <DictTag options={yesNo} value={v} /> },
    { key: 'status', dataIndex: 'status', title: t('status'), width: 100, render: (v: string) => <DictTag options={statuses} value={v} /> },
    { key: 'remark', dataIndex: 'remark', title: t('remark'), ellipsis: true },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), width: 180, render: time },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 160,
      fixed: 'right',
      render: (_: unknown, row: DictData) => (
        <CrudLinks
          row={row}
          edit={{ perm: 'system:dict:edit', onClick: (r) => setDialog({ open: true, dictCode: r.dictCode, dictType: r.dictType }) }}
          remove={{ perm: 'system:dict:remove', onClick: remove }}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage<DictData, DictDataFilters>
        key={dictType}
        ref={list}
        listQuery={dictQueries.dataList}
        initialFilters={{ dictType }}
        rowKey="dictCode"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="dictType" label={t('dictType')}>
              <Select
                showSearch
                optionFilterProp="label"
                popupMatchSelectWidth={false}
                options={(types.data ?? []).map((d) => ({ value: d.dictType, label: `${d.dictName} (${d.dictType})` }))}
                style={{ width: 220 }}
              />
            </Form.Item>
            <Form.Item name="dictLabel" label={t('data.dictLabel')}>
              <Input allowClear placeholder={t('data.dictLabelPlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select allowClear placeholder={t('data.statusPlaceholder')} options={statuses} style={{ width: 160 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows, query }) => {
          const current = 'dictType' in query && typeof query.dictType === 'string' && query.dictType ? query.dictType : dictType;
          return (
            <>
              <CrudButtons
                selected={selectedRows}
                add={{ perm: 'system:dict:add', onClick: () => setDialog({ open: true, dictCode: undefined, dictType: current }) }}
                edit={{ perm: 'system:dict:edit', onClick: (row) => setDialog({ open: true, dictCode: row.dictCode, dictType: current }) }}
                remove={{ perm: 'system:dict:remove', onClick: remove }}
                export={{ perm: 'system:dict:export', onClick: () => dictApi.data.export(query) }}
              />
              <Button icon={<CloseOutlined />} onClick={close}>
                {t('data.close')}
              </Button>
            </>
          );
        }}
      />
      <DictDataFormDialog
        open={dialog.open}
        dictCode={dialog.dictCode}
        dictType={dialog.dictType}
        onClose={() => setDialog((d) => ({ ...d, open: false, dictCode: undefined }))}
      />
    </>
  );
}
