import {
  GEN_AREAS,
  GEN_HTML_TYPES,
  GEN_QUERY_TYPES,
  GEN_TEMPLATES,
  GEN_TS_TYPES,
  type GenColumn,
  type GenColumnUpdate,
  type GenTableDetail,
  GenTableUpdate,
} from '@ccms/contracts/tool/gen';
import { App, Button, Checkbox, Form, Input, InputNumber, Result, Select, Skeleton, Space, Table, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { normalizeLanguage } from '../../../../i18n';
import { zodRules } from '../../../../shared/form/zod-rules';
import { useDictTypeOptions } from '../../../system/dict/dict-queries';
import { WriteToProjectButton } from '../components/WriteToProjectButton';
import { genSentence } from '../gen-messages';
import { useGenTable, useSaveGenTable } from '../gen-queries';
import '../gen.css';

type TableFields = Omit<GenTableUpdate, 'tableId' | 'columns'>;

const toColumnUpdate = (c: GenColumn): GenColumnUpdate => ({
  columnId: c.columnId,
  propName: c.propName,
  tsType: c.tsType,
  labelZh: c.labelZh,
  labelEn: c.labelEn,
  isRequired: c.isRequired,
  isInsert: c.isInsert,
  isEdit: c.isEdit,
  isList: c.isList,
  isQuery: c.isQuery,
  queryType: c.queryType,
  htmlType: c.htmlType,
  dictType: c.dictType,
});

/** Tool → 代码生成 → 修改 (RuoYi tool/gen/editTable): the table's, the generation's and each column's settings. */
export default function GenEditPage() {
  const tableId = Number(useParams().tableId);
  const detail = useGenTable(tableId);
  const { t } = useTranslation('tool');
  if (detail.isError) return <Result status="404" title={t('gen.notFound')} />;
  if (!detail.data) return <Skeleton active paragraph={{ rows: 12 }} />;
  return <GenEditForm key={detail.dataUpdatedAt} detail={detail.data} />;
}

function GenEditForm({ detail }: { detail: GenTableDetail }) {
  const { t, i18n } = useTranslation('tool');
  const lang = normalizeLanguage(i18n.language);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const save = useSaveGenTable();
  const dictTypes = useDictTypeOptions();
  const [form] = Form.useForm<TableFields>();
  const [columns, setColumns] = useState<GenColumnUpdate[]>(() => detail.columns.map(toColumnUpdate));
  const [tab, setTab] = useState('basic');
  const template = Form.useWatch('tplCategory', form);

  useEffect(() => {
    const { table } = detail;
    form.setFieldsValue({
      tableComment: table.tableComment,
      area: table.area,
      entityName: table.entityName,
      businessName: table.businessName,
      functionNameZh: table.functionNameZh,
      functionNameEn: table.functionNameEn,
      author: table.author,
      parentMenuId: table.parentMenuId,
      tplCategory: table.tplCategory,
      treeParentColumn: table.treeParentColumn,
      treeNameColumn: table.treeNameColumn,
      subTableName: table.subTableName,
      subTableFkName: table.subTableFkName,
    });
  }, [detail, form]);

  const setColumn = (columnId: number, patch: Partial<GenColumnUpdate>) =>
    setColumns((cs) => cs.map((c) => (c.columnId === columnId ? { ...c, ...patch } : c)));
  const facts = new Map(detail.columns.map((c) => [c.columnId, c]));
  const columnOptions = detail.columns.map((c) => ({ label: `${c.columnName} ${c.columnComment}`.trim(), value: c.columnName }));
  /** A name the generated code uses: the contract's rules, its pattern said in the server's words. */
  const nameRules = (field: 'entityName' | 'businessName' | 'subTableName' | 'subTableFkName', label: string) =>
    zodRules(GenTableUpdate, field, label, {
      pattern: genSentence(lang, field.startsWith('sub') ? 'gen.dbNameFormat' : 'gen.identifierFormat', label),
    });

  const submit = async () => {
    let fields: TableFields;
    try {
      fields = await form.validateFields();
    } catch {
      // The field with the error is on one of the two form tabs.
      const errors = form.getFieldsError().filter((f) => f.errors.length);
      const basic = ['tableComment', 'functionNameZh', 'functionNameEn', 'author'];
      setTab(errors.some((e) => basic.includes(String(e.name[0]))) ? 'basic' : 'generate');
      return;
    }
    // Fields of the other template stay in the store though not shown: send them as they are.
    const body = { ...(form.getFieldsValue(true) as TableFields), ...fields, tableId: detail.table.tableId, columns };
    const parsed = GenTableUpdate.safeParse(body);
    if (!parsed.success) {
      // A column's setting (or a field no form rule covers), said as the server would.
      const issue = parsed.error.issues[0];
      const [first, index, key] = issue?.path ?? [];
      const field = String(first === 'columns' ? (key ?? '') : (first ?? ''));
      const said = genSentence(lang, issue?.message ?? '', field) ?? issue?.message ?? '';
      if (first !== 'columns') {
        setTab('generate');
        message.error(said);
        return;
      }
      setTab('columns');
      const column = typeof index === 'number' ? detail.columns.find((c) => c.columnId === columns[index]?.columnId)?.columnName : undefined;
      message.error(t('gen.columnInvalid', { field: column ?? issue?.path.join('.') ?? '', message: said }));
      return;
    }
    await save.mutateAsync(parsed.data);
    message.success(t('gen.saved'));
    navigate('/tool/gen');
  };

  const bool = (key: 'isRequired' | 'isInsert' | 'isEdit' | 'isList' | 'isQuery', title: string) => ({
    key,
    title,
    width: 60,
    render: (_: unknown, c: GenColumnUpdate) => (
      <Checkbox
        aria-label={`${title} ${facts.get(c.columnId)?.columnName}`}
        checked={c[key]}
        onChange={(e) => setColumn(c.columnId, { [key]: e.target.checked })}
      />
    ),
  });

  return (
    <Form form={form} layout="vertical" className="gen-edit">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'basic',
            label: t('gen.basicTab'),
            forceRender: true,
            children: (
              <>
                <Space wrap align="start">
                  <Form.Item label={t('gen.tableName')}>
                    <Input value={detail.table.tableName} disabled style={{ width: 240 }} />
                  </Form.Item>
                  <Form.Item name="tableComment" label={t('gen.tableComment')} rules={zodRules(GenTableUpdate, 'tableComment', t('gen.tableComment'))}>
                    <Input style={{ width: 240 }} />
                  </Form.Item>
                  <Form.Item name="functionNameZh" label={t('gen.functionNameZh')} rules={zodRules(GenTableUpdate, 'functionNameZh', t('gen.functionNameZh'))}>
                    <Input style={{ width: 240 }} />
                  </Form.Item>
                  <Form.Item name="functionNameEn" label={t('gen.functionNameEn')} rules={zodRules(GenTableUpdate, 'functionNameEn', t('gen.functionNameEn'))}>
                    <Input style={{ width: 240 }} />
                  </Form.Item>
                  <Form.Item name="author" label={t('gen.author')} rules={zodRules(GenTableUpdate, 'author', t('gen.author'))}>
                    <Input style={{ width: 240 }} />
                  </Form.Item>
                </Space>
              </>
            ),
          },
          {
            key: 'columns',
            label: t('gen.columnsTab'),
            children: (
              <Table<GenColumnUpdate>
                rowKey="columnId"
                size="small"
                pagination={false}
                scroll={{ x: 'max-content' }}
                dataSource={columns}
                columns={[
                  { key: 'columnName', title: t('gen.columnName'), render: (_, c) => facts.get(c.columnId)?.columnName },
                  { key: 'columnComment', title: t('gen.columnComment'), render: (_, c) => facts.get(c.columnId)?.columnComment },
                  { key: 'columnType', title: t('gen.columnType'), render: (_, c) => facts.get(c.columnId)?.columnType },
                  {
                    key: 'propName',
                    title: t('gen.propName'),
                    render: (_, c) => (
                      <Input size="small" value={c.propName} onChange={(e) => setColumn(c.columnId, { propName: e.target.value })} style={{ width: 130 }} />
                    ),
                  },
                  {
                    key: 'labelZh',
                    title: t('gen.labelZh'),
                    render: (_, c) => (
                      <Input
                        size="small"
                        aria-label={`${t('gen.labelZh')} ${facts.get(c.columnId)?.columnName}`}
                        value={c.labelZh}
                        onChange={(e) => setColumn(c.columnId, { labelZh: e.target.value })}
                        style={{ width: 120 }}
                      />
                    ),
                  },
                  {
                    key: 'labelEn',
                    title: t('gen.labelEn'),
                    render: (_, c) => (
                      <Input size="small" value={c.labelEn} onChange={(e) => setColumn(c.columnId, { labelEn: e.target.value })} style={{ width: 120 }} />
                    ),
                  },
                  {
                    key: 'tsType',
                    title: t('gen.tsType'),
                    render: (_, c) => (
                      <Select
                        size="small"
                        value={c.tsType}
                        onChange={(v) => setColumn(c.columnId, { tsType: v })}
                        options={GEN_TS_TYPES.map((v) => ({ label: v, value: v }))}
                        style={{ width: 100 }}
                      />
                    ),
                  },
                  bool('isRequired', t('gen.isRequired')),
                  bool('isInsert', t('gen.isInsert')),
                  bool('isEdit', t('gen.isEdit')),
                  bool('isList', t('gen.isList')),
                  bool('isQuery', t('gen.isQuery')),
                  {
                    key: 'queryType',
                    title: t('gen.queryType'),
                    render: (_, c) => (
                      <Select
                        size="small"
                        value={c.queryType}
                        onChange={(v) => setColumn(c.columnId, { queryType: v })}
                        options={GEN_QUERY_TYPES.map((v) => ({ label: t(`gen.queryTypes.${v}`), value: v }))}
                        style={{ width: 110 }}
                      />
                    ),
                  },
                  {
                    key: 'htmlType',
                    title: t('gen.htmlType'),
                    render: (_, c) => (
                      <Select
                        size="small"
                        value={c.htmlType}
                        onChange={(v) => setColumn(c.columnId, { htmlType: v })}
                        options={GEN_HTML_TYPES.map((v) => ({ label: t(`gen.htmlTypes.${v}`), value: v }))}
                        style={{ width: 110 }}
                      />
                    ),
                  },
                  {
                    key: 'dictType',
                    title: t('gen.dictType'),
                    render: (_, c) => (
                      <Select
                        size="small"
                        allowClear
                        showSearch
                        aria-label={`${t('gen.dictType')} ${facts.get(c.columnId)?.columnName}`}
                        value={c.dictType || undefined}
                        onChange={(v) => setColumn(c.columnId, { dictType: v ?? '' })}
                        options={(dictTypes.data ?? []).map((d) => ({ label: `${d.dictName} (${d.dictType})`, value: d.dictType }))}
                        style={{ width: 180 }}
                      />
                    ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'generate',
            label: t('gen.generateTab'),
            forceRender: true,
            children: (
              <>
                <Space wrap align="start">
                  <Form.Item name="tplCategory" label={t('gen.tplCategory')}>
                    <Select options={GEN_TEMPLATES.map((v) => ({ label: t(`gen.templates.${v}`), value: v }))} style={{ width: 240 }} />
                  </Form.Item>
                  <Form.Item name="area" label={t('gen.area')}>
                    <Select options={GEN_AREAS.map((v) => ({ label: v, value: v }))} style={{ width: 240 }} />
                  </Form.Item>
                  <Form.Item name="entityName" label={t('gen.entityName')} rules={nameRules('entityName', t('gen.entityName'))}>
                    <Input style={{ width: 240 }} />
                  </Form.Item>
                  <Form.Item name="businessName" label={t('gen.businessName')} rules={nameRules('businessName', t('gen.businessName'))}>
                    <Input style={{ width: 240 }} />
                  </Form.Item>
                  <Form.Item name="parentMenuId" label={t('gen.parentMenuId')}>
                    <InputNumber min={0} style={{ width: 240 }} />
                  </Form.Item>
                  {template === 'tree' && (
                    <>
                      <Form.Item name="treeParentColumn" label={t('gen.treeParentColumn')}>
                        <Select options={columnOptions} style={{ width: 240 }} />
                      </Form.Item>
                      <Form.Item name="treeNameColumn" label={t('gen.treeNameColumn')}>
                        <Select options={columnOptions} style={{ width: 240 }} />
                      </Form.Item>
                    </>
                  )}
                  {template === 'sub' && (
                    <>
                      <Form.Item name="subTableName" label={t('gen.subTableName')} rules={nameRules('subTableName', t('gen.subTableName'))}>
                        <Input style={{ width: 240 }} />
                      </Form.Item>
                      <Form.Item name="subTableFkName" label={t('gen.subTableFkName')} rules={nameRules('subTableFkName', t('gen.subTableFkName'))}>
                        <Input style={{ width: 240 }} />
                      </Form.Item>
                    </>
                  )}
                </Space>
              </>
            ),
          },
        ]}
      />
      <div className="gen-edit-actions">
        <Space>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            {t('gen.submit')}
          </Button>
          <WriteToProjectButton tableIds={[detail.table.tableId]} />
          <Button onClick={() => navigate('/tool/gen')}>{t('gen.back')}</Button>
        </Space>
      </div>
    </Form>
  );
}
