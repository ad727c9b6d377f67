import { DownloadOutlined, LinkOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type Clause, ClauseBody, type ClauseImportResult, type Regulation, RegulationPerm } from '@ccms/contracts/compliance/regulation';
import { App, Button, Form, Input, Segmented, Space, Spin, Table, Tag, Tree, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { FormModal } from '../../../../shared/form/FormModal';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useDebounced } from '../../../../shared/use-debounced';
import { regulationApi } from '../regulation-api';
import { useClauseChange, useClauses, useClauseTree } from '../regulation-queries';
import { LinkDialog } from './LinkDialog';

type ClauseValues = Omit<z.input<typeof ClauseBody>, 'regulationId'>;
type ClauseTreeNode = Clause & { children?: ClauseTreeNode[] };
interface TreeItem {
  key: number;
  title: string;
  children?: TreeItem[];
}
const toTree = (nodes: ClauseTreeNode[]): TreeItem[] =>
  nodes.map((n) => ({ key: n.clauseId, title: `${n.number} ${n.title}`, children: n.children ? toTree(n.children) : undefined }));

/** A regulation's clauses: list or tree, search, entry by hand, Excel and outline import, applicability, links. */
export function ClausesPanel({ regulation }: { regulation: Regulation }) {
  const { t } = useTranslation('compliance');
  const { message } = App.useApp();
  const regulationId = regulation.regulationId;
  const canWrite = regulation.abilities.write;
  const [view, setView] = useState<'table' | 'tree'>('table');
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search, 250);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const list = useClauses({ regulationId, keyword: keyword || undefined, ...page });
  const tree = useClauseTree(view === 'tree' ? regulationId : undefined);
  const [adding, setAdding] = useState(false);
  const [outline, setOutline] = useState(false);
  const [linking, setLinking] = useState<number | undefined>();
  const [notApplicable, setNotApplicable] = useState<Clause | null>(null);
  const [outlineForm] = Form.useForm<{ outline: string }>();
  const [naForm] = Form.useForm<{ justification: string }>();
  const addClause = useClauseChange(regulationApi.addClause);
  const addEntity = useEntityForm<ClauseValues>({
    open: adding,
    save: (v) => addClause.mutateAsync({ regulationId, ...v }),
    onSaved: () => {
      message.success(t('added'));
      setAdding(false);
    },
  });
  const importOutline = useClauseChange((text: string) => regulationApi.importOutline(regulationId, text));
  const importExcel = useClauseChange((file: File) => regulationApi.importExcel(regulationId, file));
  const applicability = useClauseChange(regulationApi.applicability);
  const said = (r: ClauseImportResult) => message.success(t('clause.imported', r));

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('clause.search')} style={{ width: 260 }} onChange={(e) => setSearch(e.target.value)} />
        <Segmented
          value={view}
          onChange={(v) => setView(v as 'table' | 'tree')}
          options={[
            { value: 'table', label: t('clause.viewTable') },
            { value: 'tree', label: t('clause.viewTree') },
          ]}
        />
        {canWrite && (
          <HasPermi value={[RegulationPerm.edit]}>
            <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('clause.add')}
            </Button>
          </HasPermi>
        )}
        {canWrite && (
          <HasPermi value={[RegulationPerm.import]}>
            <Upload
              accept=".xlsx"
              showUploadList={false}
              customRequest={async ({ file, onSuccess, onError }) => {
                try {
                  said(await importExcel.mutateAsync(file as File));
                  onSuccess?.(null);
                } catch (e) {
                  onError?.(e as Error);
                }
              }}
            >
              <Button icon={<UploadOutlined />} loading={importExcel.isPending}>
                {t('clause.importExcel')}
              </Button>
            </Upload>
            <Button onClick={() => setOutline(true)}>{t('clause.importOutline')}</Button>
            <Button type="link" icon={<DownloadOutlined />} onClick={() => regulationApi.template()}>
              {t('clause.template')}
            </Button>
          </HasPermi>
        )}
      </Space>
      {view === 'tree' ? (
        // Mounted once the tree is loaded: defaultExpandAll applies to the first data only.
        tree.data ? (
          <Tree treeData={toTree(tree.data as ClauseTreeNode[])} defaultExpandAll showLine />
        ) : (
          <Spin />
        )
      ) : (
        <Table<Clause>
          rowKey="clauseId"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.rows ?? []}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: list.data?.total ?? 0,
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
          columns={[
            {
              key: 'number',
              dataIndex: 'number',
              title: t('clause.number'),
              width: 150,
              render: (v: string, r) => <span style={{ paddingLeft: (r.level - 1) * 12 }}>{v}</span>,
            },
            { key: 'title', dataIndex: 'title', title: t('clause.title'), width: 200 },
            { key: 'text', dataIndex: 'text', title: t('clause.text'), ellipsis: true },
            { key: 'links', dataIndex: 'linkCount', title: t('clause.links'), width: 80 },
            {
              key: 'flags',
              title: t('clause.flagged'),
              width: 140,
              render: (_: unknown, r) => (
                <Space size={4}>
                  {r.flaggedCount > 0 && <Tag color="orange">{r.flaggedCount}</Tag>}
                  {r.notApplicable && <Tag title={r.justification}>{t('clause.notApplicable')}</Tag>}
                </Space>
              ),
            },
            {
              key: 'actions',
              title: '',
              width: 220,
              render: (_: unknown, r) =>
                canWrite && (
                  <Space size={0}>
                    <Button type="link" size="small" icon={<LinkOutlined />} onClick={() => setLinking(r.clauseId)}>
                      {t('link.add')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      onClick={() =>
                        r.notApplicable ? applicability.mutate({ clauseId: r.clauseId, notApplicable: false, justification: '' }) : setNotApplicable(r)
                      }
                    >
                      {r.notApplicable ? t('clause.markApplicable') : t('clause.markNotApplicable')}
                    </Button>
                  </Space>
                ),
            },
          ]}
        />
      )}
      <FormDialog open={adding} title={t('clause.addTitle')} name="clause-form" layout="vertical" entity={addEntity} onClose={() => setAdding(false)}>
        <Form.Item name="number" label={t('clause.number')} rules={zodRules(ClauseBody, 'number', t('clause.number'))}>
          <Input maxLength={zodMaxLength(ClauseBody, 'number')} />
        </Form.Item>
        <Form.Item name="title" label={t('clause.title')}>
          <Input maxLength={zodMaxLength(ClauseBody, 'title')} />
        </Form.Item>
        <Form.Item name="parentNumber" label={t('clause.parent')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="text" label={t('clause.text')}>
          <Input.TextArea rows={4} />
        </Form.Item>
      </FormDialog>
      <FormModal
        open={outline}
        title={t('clause.outlineTitle')}
        width={720}
        form={outlineForm}
        name="outline-form"
        layout="vertical"
        saving={importOutline.isPending}
        onClose={() => setOutline(false)}
        onFinish={async (v) => {
          said(await importOutline.mutateAsync(v.outline));
          setOutline(false);
        }}
      >
        <Form.Item name="outline" label={t('clause.outline')} extra={t('clause.outlineHint')} rules={[{ required: true, message: t('clause.outline') }]}>
          <Input.TextArea rows={14} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </FormModal>
      <FormModal
        open={notApplicable !== null}
        title={t('clause.naTitle', { number: notApplicable?.number ?? '' })}
        form={naForm}
        name="na-form"
        layout="vertical"
        saving={applicability.isPending}
        onClose={() => setNotApplicable(null)}
        onFinish={async (v) => {
          await applicability.mutateAsync({ clauseId: notApplicable?.clauseId ?? 0, notApplicable: true, justification: v.justification });
          setNotApplicable(null);
        }}
      >
        <Form.Item name="justification" label={t('clause.justification')} rules={[{ required: true, whitespace: true, message: t('clause.justification') }]}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </FormModal>
      <LinkDialog open={linking !== undefined} clauseId={linking} onClose={() => setLinking(undefined)} />
    </>
  );
}
