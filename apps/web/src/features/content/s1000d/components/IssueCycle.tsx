import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type IssueBody, S1000D_ISSUE_TYPES, S1000dAuthorPerm } from '@ccms/contracts/content/s1000d-authoring';
import { Alert, App, Button, Checkbox, Descriptions, Empty, Form, Input, Select, Space, Spin, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { FormModal } from '../../../../shared/form/FormModal';
import { DiffView } from '../../document/components/DiffView';
import { documentDetailPath, topicDetailPath } from '../../shared/paths';
import { useChangeMarks, useIssueCompare, useIssueModule, useModuleIssues, useSaveS1000dSettings, useStartInWork } from '../s1000d-queries';

export interface CycleTarget {
  libraryId: number;
  branch: string;
  path: string;
}

type MarkRow = { path: string; element: string; changeType: 'add' | 'modify' | 'delete'; text: string; before?: string | undefined; include: boolean };
type IssueValues = { issueType: (typeof S1000D_ISSUE_TYPES)[number]; reasons: { text: string; highlight: boolean }[] };

/** Where a module (or PM) is after a cycle step renamed it: its detail, on this tab. */
function detailAfter(done: { topicId: number | null; documentId: number | null }): string | null {
  if (done.topicId !== null) return `${topicDetailPath(done.topicId)}&tab=s1000d`;
  if (done.documentId !== null) return `${documentDetailPath(done.documentId)}&tab=issues`;
  return null;
}

/**
 * Issue a module: the issue type, reasons for update (each may be a highlight) and the change marks
 * proposed from the difference against the latest issue, each kept or dropped and its change type
 * editable. The first issue (001) carries neither reasons nor marks.
 */
export function IssueDialog({ open, target, issue, onClose }: { open: boolean; target: CycleTarget; issue: string; onClose: () => void }) {
  const { t } = useTranslation('s1000d');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<IssueValues>();
  const proposal = useChangeMarks(target, open);
  const run = useIssueModule();
  const [marks, setMarks] = useState<MarkRow[]>([]);
  useEffect(() => {
    if (proposal.data) setMarks(proposal.data.marks.map((m) => ({ ...m, include: true })));
  }, [proposal.data]);
  const first = issue.startsWith('000-');
  const submit = async (v: IssueValues) => {
    const body: IssueBody = {
      ...target,
      issueType: v.issueType,
      reasons: (v.reasons ?? []).filter((r) => r.text?.trim()).map((r) => ({ text: r.text.trim(), highlight: r.highlight === true })),
      marks: first ? [] : marks.filter((m) => m.include).map((m) => ({ path: m.path, changeType: m.changeType })),
    };
    const done = await run.mutateAsync(body);
    message.success(t('cycle.issued', { issue: done.issue, path: done.path, tag: done.tag ?? '' }));
    onClose();
    const next = detailAfter(done);
    if (next) navigate(next);
  };
  const setMark = (path: string, patch: Partial<MarkRow>) => setMarks((all) => all.map((m) => (m.path === path ? { ...m, ...patch } : m)));
  return (
    <FormModal<IssueValues>
      open={open}
      title={t('issueDialog.title')}
      width={880}
      okText={t('issueDialog.submit')}
      okTestId="issue-submit"
      saving={run.isPending}
      form={form}
      name="issue"
      layout="vertical"
      initialValues={{ issueType: first ? 'new' : 'changed', reasons: first ? [] : [{ text: '', highlight: true }] }}
      onClose={onClose}
      onFinish={(v) => {
        submit(v).catch(() => undefined);
      }}
    >
      <Form.Item name="issueType" label={t('issueDialog.issueType')}>
        <Select data-testid="issue-type" options={S1000D_ISSUE_TYPES.map((v) => ({ value: v, label: t(`issueTypes.${v}`) }))} />
      </Form.Item>
      {first ? (
        <Alert type="info" showIcon title={t('issueDialog.firstIssue')} data-testid="issue-first" />
      ) : (
        <>
          <Typography.Text strong>{t('issueDialog.reasons')}</Typography.Text>
          <Form.List name="reasons">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                    <Form.Item name={[field.name, 'text']} style={{ width: 560 }}>
                      <Input placeholder={t('issueDialog.reason')} maxLength={2000} data-testid="issue-reason" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'highlight']} valuePropName="checked">
                      <Checkbox>{t('issueDialog.highlight')}</Checkbox>
                    </Form.Item>
                    <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ text: '', highlight: false })} data-testid="issue-add-reason">
                  {t('issueDialog.addReason')}
                </Button>
              </>
            )}
          </Form.List>
          <div style={{ marginTop: 16 }} data-testid="issue-marks">
            {proposal.isFetching ? (
              <Spin />
            ) : !proposal.data?.previous ? (
              <Typography.Text type="secondary">{t('issueDialog.noPrevious')}</Typography.Text>
            ) : (
              <>
                <Typography.Text strong>{t('issueDialog.marks', { issue: proposal.data.previous.issueNumber })}</Typography.Text>
                {marks.length === 0 ? (
                  <Typography.Paragraph type="secondary">{t('issueDialog.noMarks')}</Typography.Paragraph>
                ) : (
                  <Table<MarkRow>
                    size="small"
                    rowKey="path"
                    dataSource={marks}
                    pagination={false}
                    columns={[
                      {
                        key: 'include',
                        title: t('issueDialog.include'),
                        width: 60,
                        render: (_, m) => (
                          <Checkbox checked={m.include} onChange={(e) => setMark(m.path, { include: e.target.checked })} data-testid="mark-include" />
                        ),
                      },
                      {
                        key: 'element',
                        title: t('issueDialog.element'),
                        dataIndex: 'element',
                        width: 130,
                        render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
                      },
                      {
                        key: 'changeType',
                        title: t('issueDialog.changeType'),
                        width: 120,
                        render: (_, m) => (
                          <Select
                            size="small"
                            value={m.changeType}
                            style={{ width: 100 }}
                            onChange={(changeType) => setMark(m.path, { changeType })}
                            options={(['add', 'modify', 'delete'] as const).map((v) => ({ value: v, label: t(`issueDialog.changeTypes.${v}`) }))}
                          />
                        ),
                      },
                      {
                        key: 'text',
                        title: t('issueDialog.text'),
                        render: (_, m) => (
                          <span data-testid="mark-text">
                            {m.text}
                            {m.before !== undefined && (
                              <Typography.Text type="secondary" delete style={{ display: 'block' }}>
                                {m.before}
                              </Typography.Text>
                            )}
                          </span>
                        ),
                      },
                    ]}
                  />
                )}
                {proposal.data.removed.length > 0 && (
                  <Typography.Paragraph type="secondary">{t('issueDialog.removed', { count: proposal.data.removed.length })}</Typography.Paragraph>
                )}
              </>
            )}
          </div>
        </>
      )}
    </FormModal>
  );
}

/** The module's issues (from its tags) and two of them, or one and the current text, side by side. */
function IssuesList({ target, current }: { target: CycleTarget; current: string }) {
  const { t } = useTranslation('s1000d');
  const issues = useModuleIssues(target);
  const [pair, setPair] = useState<{ from: string; to: string }>({ from: '', to: 'current' });
  const [asked, setAsked] = useState<{ from: string; to: string } | null>(null);
  const diff = useIssueCompare(asked ? { ...target, ...asked } : null);
  const rows = issues.data?.rows ?? [];
  const choices = [{ value: 'current', label: t('issues.current', { issue: current }) }, ...rows.map((r) => ({ value: r.issueNumber, label: r.issueNumber }))];
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('issues.none')} data-testid="s1000d-issues-none" />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Table
        size="small"
        rowKey="tag"
        dataSource={rows}
        pagination={false}
        data-testid="s1000d-issues"
        columns={[
          { key: 'issue', title: t('issues.issue'), dataIndex: 'issueNumber', width: 80 },
          { key: 'date', title: t('issues.date'), dataIndex: 'date', width: 200 },
          { key: 'author', title: t('issues.author'), dataIndex: 'author', width: 140 },
          { key: 'file', title: t('issues.file'), dataIndex: 'path', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          { key: 'tag', title: t('issues.tag'), dataIndex: 'tag', render: (v: string) => <Tag>{v}</Tag> },
        ]}
      />
      <Space wrap>
        {t('issues.from')}
        <Select
          style={{ width: 160 }}
          value={pair.from || undefined}
          onChange={(from) => setPair((p) => ({ ...p, from }))}
          options={choices}
          data-testid="s1000d-compare-from"
        />
        {t('issues.to')}
        <Select style={{ width: 160 }} value={pair.to} onChange={(to) => setPair((p) => ({ ...p, to }))} options={choices} data-testid="s1000d-compare-to" />
        <Button disabled={!pair.from || pair.from === pair.to} onClick={() => setAsked(pair)} data-testid="s1000d-compare">
          {t('issues.compare')}
        </Button>
      </Space>
      {diff.isFetching && <Spin />}
      {diff.data && <DiffView diff={diff.data} />}
    </Space>
  );
}

/** The issue cycle of a data module (or PM): its issue and status, "Start next in-work", "Issue", and its issues with compare. */
export function IssueCycle({ target }: { target: CycleTarget }) {
  const { t } = useTranslation('s1000d');
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const issues = useModuleIssues(target);
  const startInWork = useStartInWork();
  const saveSettings = useSaveS1000dSettings();
  const [issuing, setIssuing] = useState(false);
  const current = issues.data?.current;
  if (issues.isLoading) return <Spin />;
  if (!current) return null;
  const issued = current.issue.endsWith('-00');
  const blocked = current.issueNeedsApproval && current.status !== 'approved';
  const start = () =>
    modal.confirm({
      title: t('cycle.startInWork'),
      content: t('cycle.startInWorkConfirm', { issue: current.issue }),
      onOk: async () => {
        const done = await startInWork.mutateAsync(target);
        message.success(t('cycle.started', { issue: done.issue, path: done.path }));
        const next = detailAfter(done);
        if (next) navigate(next);
      },
    });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="s1000d-cycle">
      <Descriptions size="small" bordered column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t('cycle.current')}>
          <span data-testid="s1000d-cycle-issue">{current.issue}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('cycle.status')}>
          <span data-testid="s1000d-cycle-status">{t(`cycle.statuses.${current.status}`, { defaultValue: current.status })}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('issues.file')}>
          <Typography.Text code data-testid="s1000d-cycle-path">
            {current.path}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {blocked && !issued && <Alert type="warning" showIcon title={t('cycle.needsApproval')} data-testid="s1000d-cycle-blocked" />}
      <HasPermi value={[S1000dAuthorPerm.cycle]}>
        <Space>
          <Button onClick={start} disabled={!issued} loading={startInWork.isPending} data-testid="s1000d-start-in-work">
            {t('cycle.startInWork')}
          </Button>
          <Button type="primary" onClick={() => setIssuing(true)} disabled={issued || blocked} data-testid="s1000d-issue">
            {t('cycle.issue')}
          </Button>
        </Space>
      </HasPermi>
      <HasPermi value={[S1000dAuthorPerm.settings]}>
        <Space>
          <Switch
            size="small"
            checked={current.issueNeedsApproval}
            loading={saveSettings.isPending}
            onChange={(issueNeedsApproval) => saveSettings.mutate({ libraryId: target.libraryId, issueNeedsApproval })}
            data-testid="s1000d-needs-approval"
          />
          <Typography.Text type="secondary">{t('cycle.needsApprovalSetting')}</Typography.Text>
        </Space>
      </HasPermi>
      <IssueDialog open={issuing} target={target} issue={current.issue} onClose={() => setIssuing(false)} />
      <Typography.Text strong>{t('issues.title')}</Typography.Text>
      <IssuesList target={target} current={current.issue} />
    </Space>
  );
}
