import { type Workflow, WorkflowPerm } from '@ccms/contracts/work/workflow';
import { App, Button, Card, Descriptions, Empty, Form, Input, Space, Spin, Steps, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { FormModal } from '../../../../shared/form/FormModal';
import { useOpenInEditor } from '../../../content/editor-config/use-open-in-editor';
import { time } from '../../shared/labels';
import { useWorkflow, useWorkflowAction } from '../workflow-queries';
import { WorkflowDiffDrawer } from './WorkflowDiffDrawer';

const STEP_STATUS = { completed: 'finish', current: 'process', pending: 'wait' } as const;
const APPROVAL_COLORS: Record<string, string> = { pending: 'default', initiated: 'processing', passed: 'green', rejected: 'red' };
const STATUS_COLORS: Record<string, string> = {
  draft: 'default',
  underReview: 'processing',
  approved: 'green',
  published: 'blue',
  distributed: 'purple',
  archived: 'default',
};

/** The reject dialog: a reason is required (the server refuses an empty one too). */
function RejectDialog({ open, onClose, onReject }: { open: boolean; onClose: () => void; onReject: (reason: string) => Promise<unknown> }) {
  const { t } = useTranslation('workflow');
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ reason }: { reason: string }) => {
    setBusy(true);
    try {
      await onReject(reason.trim());
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal
      open={open}
      title={t('workflow.rejectTitle')}
      form={form}
      name="workflow-reject"
      layout="vertical"
      saving={busy}
      okDanger
      onClose={onClose}
      onFinish={submit}
    >
      <Form.Item name="reason" label={t('workflow.reason')} rules={[{ required: true, whitespace: true, message: t('workflow.reasonRequired') }]}>
        <Input.TextArea rows={4} maxLength={2000} />
      </Form.Item>
    </FormModal>
  );
}

/** The steps bar of a workflow: each stage completed, current or pending, with who acts and since when. */
export function WorkflowSteps({ wf }: { wf: Workflow }) {
  const { t } = useTranslation('workflow');
  return (
    <Steps
      data-testid="workflow-steps"
      size="small"
      items={wf.steps.map((s) => ({
        title: (
          <span data-testid={`workflow-step-${s.stage}`} data-state={s.state}>
            {t(`workflow.stages.${s.stage}`)}
          </span>
        ),
        status: STEP_STATUS[s.state],
        description: (
          <Space direction="vertical" size={0}>
            {s.actors.length > 0 && <Typography.Text type="secondary">{s.actors.map((a) => a.name).join(', ')}</Typography.Text>}
            {s.since && <Typography.Text type="secondary">{time(s.since)}</Typography.Text>}
          </Space>
        ),
      }))}
    />
  );
}

/** A plan's workflow: steps bar, actions for the caller, approvals with reviewers' decisions, covered content and history. */
export function WorkflowView({ planId }: { planId: number }) {
  const { t } = useTranslation('workflow');
  const { message } = App.useApp();
  const query = useWorkflow(planId);
  const act = useWorkflowAction(planId);
  const [rejecting, setRejecting] = useState(false);
  const [comparing, setComparing] = useState<string>();
  const openInEditor = useOpenInEditor();
  const wf = query.data;
  if (query.isLoading) return <Spin />;
  if (!wf) return <Empty />;

  const run = async (action: 'activate' | 'initiate' | 'approve', confirm: string) => {
    if (!(await confirmDialog(confirm))) return;
    await act.mutateAsync({ action });
    message.success(t('workflow.done'));
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="workflow-view">
      <Card size="small">
        <WorkflowSteps wf={wf} />
      </Card>
      <Descriptions size="small" column={3}>
        <Descriptions.Item label={t('workflow.approvalState')}>
          <Tag color={APPROVAL_COLORS[wf.approvalState]} data-testid="workflow-approval-state" data-state={wf.approvalState}>
            {t(`workflow.approvalStates.${wf.approvalState}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('workflow.rule')}>
          <span data-testid="workflow-rule" data-rule={wf.reviewRule}>
            {t(`workflow.rules.${wf.reviewRule === 'one' ? 'one' : 'all'}`)} ({t(`workflow.ruleFrom.${wf.reviewRuleFrom}`)})
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('workflow.since')}>{time(wf.stageSince)}</Descriptions.Item>
      </Descriptions>
      <HasPermi value={[WorkflowPerm.act]}>
        <Space>
          {wf.can.activate && (
            <Button type="primary" loading={act.isPending} onClick={() => run('activate', t('workflow.confirmActivate', { title: wf.planTitle }))}>
              {t('workflow.actions.activate')}
            </Button>
          )}
          {wf.can.initiate && (
            <Button type="primary" loading={act.isPending} onClick={() => run('initiate', t('workflow.confirmInitiate'))}>
              {t('workflow.actions.initiate')}
            </Button>
          )}
          {wf.can.approve && (
            <Button type="primary" loading={act.isPending} onClick={() => run('approve', t('workflow.confirmApprove'))}>
              {t('workflow.actions.approve')}
            </Button>
          )}
          {wf.can.reject && (
            <Button danger onClick={() => setRejecting(true)}>
              {t('workflow.actions.reject')}
            </Button>
          )}
        </Space>
      </HasPermi>
      <RejectDialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        onReject={async (reason) => {
          await act.mutateAsync({ action: 'reject', reason });
          message.success(t('workflow.done'));
        }}
      />
      <Card size="small" title={t('workflow.content')}>
        <Table
          size="small"
          rowKey={(r) => `${r.kind}:${r.path}`}
          pagination={false}
          dataSource={wf.content}
          locale={{ emptyText: t('workflow.noContent') }}
          columns={[
            { key: 'kind', title: t('workflow.kind'), width: 90, render: (_, r) => t(`workflow.kinds.${r.kind}`) },
            {
              key: 'path',
              title: t('workflow.path'),
              // The item on the plan's branch, in the editor its file type opens in.
              render: (_, r) =>
                wf.libraryId ? (
                  <Typography.Link
                    data-testid="workflow-content-open"
                    onClick={() => void openInEditor({ libraryId: wf.libraryId ?? 0, branch: wf.branch, path: r.path })}
                  >
                    {r.path}
                  </Typography.Link>
                ) : (
                  r.path
                ),
            },
            {
              key: 'status',
              title: t('workflow.status'),
              width: 120,
              render: (_, r) => (
                <Tag color={STATUS_COLORS[r.status]} data-testid="workflow-content-status" data-status={r.status}>
                  {t(`workflow.statuses.${r.status as 'draft'}`, { defaultValue: r.status })}
                </Tag>
              ),
            },
            {
              key: 'approvedCommit',
              title: t('workflow.approvedCommit'),
              width: 120,
              render: (_, r) => <Typography.Text code>{r.approvedCommit.slice(0, 8)}</Typography.Text>,
            },
            {
              key: 'diff',
              title: t('workflow.diff.column'),
              width: 120,
              render: (_, r) =>
                wf.libraryId ? (
                  <Button size="small" type="link" data-testid="workflow-content-diff" onClick={() => setComparing(r.path)}>
                    {t('workflow.diff.open')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
      <WorkflowDiffDrawer planId={wf.planId} path={comparing} onClose={() => setComparing(undefined)} />
      {wf.approvals.length > 0 && (
        <Card size="small" title={t('workflow.approvals')}>
          {wf.approvals.map((a) => (
            <Descriptions key={a.approvalId} size="small" column={2} style={{ marginBottom: 8 }}>
              <Descriptions.Item label={t(`workflow.stages.${a.stage as 'editApproval'}`)}>
                <Tag color={APPROVAL_COLORS[a.state]}>{t(`workflow.approvalStates.${a.state}`)}</Tag> {a.initiatedBy} {time(a.initiateTime)}
              </Descriptions.Item>
              <Descriptions.Item label={t('workflow.votes')}>
                {a.votes.map((v) => `${v.name}: ${t(`workflow.decisions.${v.decision ?? 'none'}`)}`).join('; ')}
              </Descriptions.Item>
              {a.reason && <Descriptions.Item label={t('workflow.reason')}>{a.reason}</Descriptions.Item>}
            </Descriptions>
          ))}
        </Card>
      )}
      <Card size="small" title={t('workflow.history')}>
        {wf.history.length === 0 ? (
          <Typography.Text type="secondary">{t('workflow.noHistory')}</Typography.Text>
        ) : (
          <Timeline
            data-testid="workflow-history"
            items={wf.history.map((h) => ({
              color: h.action === 'reject' ? 'red' : h.action === 'pass' ? 'green' : 'blue',
              children: (
                <span>
                  {time(h.time)} {h.userName} {t(`workflow.actions.${h.action}`)} ({t(`workflow.stages.${h.stage as 'edit'}`)}){h.reason ? `: ${h.reason}` : ''}
                </span>
              ),
            }))}
          />
        )}
      </Card>
    </Space>
  );
}
