import { BranchesOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type Regulation, RegulationPerm } from '@ccms/contracts/compliance/regulation';
import { App, Button, Card, Checkbox, Drawer, Form, Input, Space, Tabs, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { GrantsEditor } from '../../../../shared/grants/GrantsEditor';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { ClausesPanel } from '../components/ClausesPanel';
import { LinksTable } from '../components/LinksTable';
import { RegulationFormDialog } from '../components/RegulationFormDialog';
import { type RegulationFilters, regulationApi } from '../regulation-api';
import { regulationKeys, regulationQueries, useDeleteRegulations, useRegulation, useReviseRegulation } from '../regulation-queries';

const LEVELS = ['owner', 'admin', 'write', 'read'] as const;

/** Regulations (menu component ccms/regulation/index): revisions, clauses, links and grants. */
export default function RegulationPage() {
  const { t } = useTranslation('compliance');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; regulationId?: number }>({ open: false });
  const [openId, setOpenId] = useState<number | undefined>();
  const [revising, setRevising] = useState<Regulation | null>(null);
  const remove = useDeleteRegulations();
  const revise = useReviseRegulation();
  const reviseEntity = useEntityForm<{ revision: string; issueDate: string }>({
    open: revising !== null,
    save: (v) => revise.mutateAsync({ regulationId: revising?.regulationId ?? 0, ...v }),
    onSaved: () => {
      message.success(t('added'));
      setRevising(null);
    },
  });
  const opened = useRegulation(openId);

  const removeRows = async (rows: readonly Regulation[]) => {
    if (rows.length === 0 || !(await confirmDialog(t('confirmDelete', { names: rows.map((r) => `${r.name} ${r.revision}`).join(', ') }), { type: 'danger' })))
      return;
    await remove.mutateAsync(rows.map((r) => r.regulationId));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const columns: ListColumn<Regulation>[] = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('fields.name'),
      render: (v: string, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.regulationId)}>
          {v}
        </Button>
      ),
    },
    { key: 'title', dataIndex: 'title', title: t('fields.title'), ellipsis: true },
    { key: 'organization', dataIndex: 'organization', title: t('fields.organization'), width: 120 },
    {
      key: 'revision',
      dataIndex: 'revision',
      title: t('fields.revision'),
      width: 170,
      render: (v: string, r) => (
        <Space size={4}>
          {v}
          {r.latest && <Tag color="green">{t('fields.latest')}</Tag>}
        </Space>
      ),
    },
    { key: 'issueDate', dataIndex: 'issueDate', title: t('fields.issueDate'), width: 110 },
    { key: 'clauseCount', dataIndex: 'clauseCount', title: t('fields.clauseCount'), width: 80 },
    { key: 'owner', dataIndex: 'owner', title: t('fields.owner'), width: 100 },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 260,
      render: (_: unknown, row) => (
        <Space size={0}>
          {row.abilities.configure && (
            <HasPermi value={[RegulationPerm.edit]}>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ open: true, regulationId: row.regulationId })}>
                {tc('edit')}
              </Button>
            </HasPermi>
          )}
          {row.abilities.write && row.latest && (
            <HasPermi value={[RegulationPerm.add]}>
              <Button type="link" size="small" icon={<BranchesOutlined />} onClick={() => setRevising(row)}>
                {t('newRevision')}
              </Button>
            </HasPermi>
          )}
          {row.abilities.remove && (
            <HasPermi value={[RegulationPerm.remove]}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => removeRows([row])}>
                {tc('delete')}
              </Button>
            </HasPermi>
          )}
        </Space>
      ),
    },
  ];

  const reg = opened.data;
  return (
    <Card variant="borderless">
      <ListPage<Regulation, RegulationFilters>
        ref={list}
        listQuery={(q) => regulationQueries.list({ ...q, latestOnly: q.latestOnly ? 'true' : undefined })}
        rowKey="regulationId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="name" label={t('fields.name')}>
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="organization" label={t('fields.organization')}>
              <Input allowClear style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="latestOnly" valuePropName="checked">
              <Checkbox>{t('latestOnly')}</Checkbox>
            </Form.Item>
          </>
        }
        toolbar={() => (
          <HasPermi value={[RegulationPerm.add]}>
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setDialog({ open: true })}>
              {tc('add')}
            </Button>
          </HasPermi>
        )}
      />
      <RegulationFormDialog open={dialog.open} regulationId={dialog.regulationId} onClose={() => setDialog({ open: false })} />
      <FormDialog
        open={revising !== null}
        title={t('revisionTitle', { name: revising?.name ?? '' })}
        name="revision-form"
        layout="vertical"
        entity={reviseEntity}
        onClose={() => setRevising(null)}
      >
        <Form.Item name="revision" label={t('fields.revision')} rules={[{ required: true, whitespace: true, message: t('fields.revision') }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="issueDate" label={t('fields.issueDate')} rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: 'YYYY-MM-DD' }]}>
          <Input placeholder="YYYY-MM-DD" maxLength={10} />
        </Form.Item>
      </FormDialog>
      <Drawer
        open={openId !== undefined}
        size={1100}
        title={reg ? `${reg.name} ${reg.revision} — ${reg.title}` : ''}
        onClose={() => setOpenId(undefined)}
        destroyOnHidden
      >
        {reg && (
          <Tabs
            items={[
              { key: 'clauses', label: t('tabs.clauses'), children: <ClausesPanel regulation={reg} /> },
              { key: 'links', label: t('tabs.links'), children: <LinksTable params={{ regulationId: reg.regulationId }} canWrite={reg.abilities.write} /> },
              ...(reg.abilities.configure
                ? [
                    {
                      key: 'permissions',
                      label: t('tabs.permissions'),
                      children: (
                        <GrantsEditor
                          ns="compliance"
                          formName="regulation-grant-form"
                          levels={LEVELS}
                          defaultGranteeType="role"
                          editPerm={RegulationPerm.edit}
                          abilities={reg.abilities}
                          source={{
                            grantsKey: regulationKeys.grants(reg.regulationId),
                            grants: () => regulationApi.grants(reg.regulationId),
                            usersKey: (search) => regulationKeys.granteeUsers(reg.regulationId, search),
                            users: (keyword) => regulationApi.granteeUsers(reg.regulationId, keyword),
                            rolesKey: regulationKeys.granteeRoles(reg.regulationId),
                            roles: () => regulationApi.granteeRoles(reg.regulationId),
                            add: (g) => regulationApi.addGrant({ regulationId: reg.regulationId, ...g }),
                            remove: regulationApi.removeGrant,
                          }}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Drawer>
    </Card>
  );
}
