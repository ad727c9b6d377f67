import { PublishLogPerm } from '@ccms/contracts/publish/publication';
import type {
  Attention,
  AttentionApproval,
  AttentionDelivery,
  AttentionPanelKey,
  AttentionPublish,
  AttentionReview,
  AttentionTask,
} from '@ccms/contracts/work/dashboard';
import { Badge, Card, Col, Row, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHasPermi } from '../../../../shared/auth/HasPermi';
import { documentDetailPath, topicDetailPath, topicPathDetailPath } from '../../../content/shared/paths';
import { time } from '../../shared/labels';

/** Where each entry leads: the screen where the lead acts on it. */
const PUBLISH_LOG_PATH = '/system/log/publishLog';
const workflowPath = (planId: number) => `/work/workflow?planId=${planId}`;
const taskPath = (taskId: number) => `/ccms/task/detail?id=${taskId}`;
const outputPath = (outputId: number) => `/ccms/output-view/index?outputId=${outputId}`;
const receiptsPath = (deliverableId: number) => `/content/deliverable?deliverableId=${deliverableId}`;
const reviewPath = (r: AttentionReview) =>
  r.kind === 'document' && r.id !== null
    ? documentDetailPath(r.id)
    : r.id !== null
      ? topicDetailPath(r.id)
      : topicPathDetailPath(r.libraryId, r.branch, r.path);

type Panels = NonNullable<Attention['panels']>;
type Panel<T> = { omitted: false; total: number; rows: T[] } | { omitted: true; reason: 'noPermission'; permissions: string[] };

/** One panel: its count in the header, its entries, "Nothing waiting" when empty, or why it is not shown. */
function AttentionPanel<T>(props: { name: AttentionPanelKey; panel: Panel<T>; rowKey: (row: T) => string | number; render: (row: T) => ReactNode }) {
  const { t } = useTranslation('dashboard');
  const { name, panel } = props;
  const title = (
    <span>
      {t(`needs.${name}`)} {!panel.omitted && <Badge count={panel.total} showZero color={panel.total > 0 ? '#f56c6c' : '#c0c4cc'} data-testid="needs-count" />}
    </span>
  );
  return (
    <Card size="small" title={title} data-testid={`needs-${name}`} data-total={panel.omitted ? '' : panel.total} className="needs-panel">
      {panel.omitted ? (
        <Typography.Text type="secondary" data-testid="needs-omitted">
          {t('needs.omitted', { perms: panel.permissions.join(', ') })}
        </Typography.Text>
      ) : panel.rows.length === 0 ? (
        <Typography.Text type="secondary" data-testid="needs-nothing">
          {t('needs.nothing')}
        </Typography.Text>
      ) : (
        <>
          <ul className="needs-list">
            {panel.rows.map((row) => (
              <li key={props.rowKey(row)}>{props.render(row)}</li>
            ))}
          </ul>
          {panel.total > panel.rows.length && <Typography.Text type="secondary">{t('needs.more', { count: panel.total - panel.rows.length })}</Typography.Text>}
        </>
      )}
    </Card>
  );
}

/** An entry: the link to act on it, and a line of what it is about. */
function Entry({ to, title, children, testId }: { to: string; title: string; children: ReactNode; testId: string }) {
  return (
    <div className="needs-entry" data-testid={testId}>
      <Link to={to}>{title}</Link>
      <div className="needs-entry-meta">{children}</div>
    </div>
  );
}

/**
 * "Needs you" at the top of the home page (issue 38, item 15): for a lead, what waits in the
 * projects they lead (the server decides who leads and which panels the caller may see).
 */
export function NeedsYou({ attention }: { attention: Attention }) {
  const { t } = useTranslation('dashboard');
  const canReadLog = useHasPermi([PublishLogPerm.list]);
  const panels: Panels | null = attention.panels;
  if (!attention.lead || !panels) return null;
  const scope = attention.allProjects ? t('needs.scopeAll') : t('needs.scope', { names: attention.projects.map((p) => p.title).join(', ') });
  const col = { xs: 24, md: 12, xl: 8 };
  return (
    <Card title={t('needs.title')} extra={<Typography.Text type="secondary">{scope}</Typography.Text>} variant="borderless" data-testid="needs-you">
      <Row gutter={[12, 12]}>
        <Col {...col}>
          <AttentionPanel<AttentionApproval>
            name="approvals"
            panel={panels.approvals}
            rowKey={(r) => r.approvalId}
            render={(r) => (
              <Entry to={workflowPath(r.planId)} title={r.planTitle} testId="needs-approval">
                <Tag>{t(`needs.stages.${r.stage as 'editApproval'}`, { defaultValue: r.stage })}</Tag>
                {r.projectTitle} · {t('needs.initiated', { name: r.initiatedBy, time: time(r.initiateTime) })}
                <br />
                {r.mine ? <Tag color="orange">{t('needs.waitingYou')}</Tag> : null}
                {t('needs.waitingOn', { names: r.waitingOn.join(', ') })}
              </Entry>
            )}
          />
        </Col>
        <Col {...col}>
          <AttentionPanel<AttentionReview>
            name="underReview"
            panel={panels.underReview}
            rowKey={(r) => `${r.libraryId}:${r.branch}:${r.path}`}
            render={(r) => (
              <Entry to={reviewPath(r)} title={r.title} testId="needs-review">
                <Tag>{t(`needs.${r.kind}`)}</Tag>
                {r.projectTitle} · {r.owner ? `${r.owner} · ` : ''}
                {t('needs.since', { time: time(r.since) })}
              </Entry>
            )}
          />
        </Col>
        <Col {...col}>
          <AttentionPanel<AttentionTask>
            name="overdueTasks"
            panel={panels.overdueTasks}
            rowKey={(r) => r.taskId}
            render={(r) => (
              <Entry to={taskPath(r.taskId)} title={r.title} testId="needs-task">
                <Tag color="red">{t('needs.daysOverdue', { count: r.daysOverdue })}</Tag>
                {r.assigneeName || t('needs.unassigned')} · {r.projectTitle} · {t('needs.due', { date: r.dueDate })}
              </Entry>
            )}
          />
        </Col>
        <Col {...col}>
          <AttentionPanel<AttentionPublish>
            name="failedPublishes"
            panel={panels.failedPublishes}
            rowKey={(r) => r.outputId}
            render={(r) => (
              <Entry
                to={r.documentId !== null ? `${documentDetailPath(r.documentId)}&tab=output` : canReadLog ? PUBLISH_LOG_PATH : outputPath(r.outputId)}
                title={`${r.path} · ${r.configName || r.format}`}
                testId="needs-publish"
              >
                <Typography.Text type="danger">{r.error || t('needs.noReason')}</Typography.Text>
                <br />
                {r.libraryName}:{r.branch} · {t('needs.errors', { count: r.errorCount })} · {time(r.endTime)}
                {canReadLog && (
                  <>
                    {' · '}
                    <Link to={PUBLISH_LOG_PATH}>{t('needs.log')}</Link>
                  </>
                )}
              </Entry>
            )}
          />
        </Col>
        <Col {...col}>
          <AttentionPanel<AttentionDelivery>
            name="failedDeliveries"
            panel={panels.failedDeliveries}
            rowKey={(r) => r.receiptId}
            render={(r) => (
              <Entry to={receiptsPath(r.deliverableId)} title={r.deliverableName} testId="needs-delivery">
                <Typography.Text type="danger">{r.error || t('needs.noReason')}</Typography.Text>
                <br />
                {r.publicationName} · {r.libraryName} · {t('needs.attempts', { count: r.attempts })} · {time(r.endTime)}
              </Entry>
            )}
          />
        </Col>
      </Row>
    </Card>
  );
}
