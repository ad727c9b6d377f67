import type { WorkflowDiff } from '@ccms/contracts/work/workflow';
import { Alert, Button, Descriptions, Drawer, Empty, Space, Spin, Tabs, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenInEditor } from '../../../content/editor-config/use-open-in-editor';
import { time } from '../../shared/labels';
import { DIFF_STYLE, diffHtml } from '../diff/html-diff';
import { diffLines } from '../diff/line-diff';
import { useWorkflowDiff } from '../workflow-queries';

const CURRENT = 'diff-current';

/** Marks change `n` as the current one inside `root` and scrolls it into view; false when it has no mark there. */
function showChange(root: ParentNode | null | undefined, n: number): boolean {
  if (!root) return false;
  for (const el of root.querySelectorAll(`.${CURRENT}`)) el.classList.remove(CURRENT);
  const marks = [...root.querySelectorAll(`[data-change="${n}"]`)];
  for (const el of marks) el.classList.add(CURRENT);
  // jsdom has no scrolling; browsers do.
  marks[0]?.scrollIntoView?.({ block: 'center' });
  return marks.length > 0;
}

function Revision({ rev }: { rev: { commit: string; date: string; author: string; message: string } }) {
  return (
    <span>
      <Typography.Text code data-testid="workflow-diff-commit">
        {rev.commit.slice(0, 8)}
      </Typography.Text>{' '}
      {time(rev.date)} · {rev.author}
      {rev.message ? <Typography.Text type="secondary"> · {rev.message}</Typography.Text> : null}
    </span>
  );
}

/** Previous / next change, and which one is shown. */
function ChangeNav({ current, total, onGo }: { current: number; total: number; onGo: (n: number) => void }) {
  const { t } = useTranslation('workflow');
  if (total === 0) return <Typography.Text type="secondary">{t('workflow.diff.noChanges')}</Typography.Text>;
  return (
    <Space>
      <Button size="small" disabled={current <= 0} onClick={() => onGo(current - 1)} data-testid="workflow-diff-previous">
        {t('workflow.diff.previous')}
      </Button>
      <span data-testid="workflow-diff-position">{t('workflow.diff.changeOf', { n: current + 1, total })}</span>
      <Button size="small" disabled={current >= total - 1} onClick={() => onGo(current + 1)} data-testid="workflow-diff-next">
        {t('workflow.diff.next')}
      </Button>
    </Space>
  );
}

/** The rendered diff in a frame of its own (the rendering's styles stay inside); opens at the first change. */
function RenderedDiff({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation('workflow');
  const diff = useMemo(() => diffHtml(before, after), [before, after]);
  const frame = useRef<HTMLIFrameElement>(null);
  const [current, setCurrent] = useState(0);
  const go = useCallback((n: number) => {
    showChange(frame.current?.contentDocument, n);
    setCurrent(n);
  }, []);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <ChangeNav current={current} total={diff.changes} onGo={go} />
        <Typography.Text type="secondary">{t('workflow.diff.legend')}</Typography.Text>
      </Space>
      {/* Same origin so the page can scroll the frame to a change; no scripts run in it. */}
      <iframe
        ref={frame}
        title={t('workflow.diff.frameTitle')}
        sandbox="allow-same-origin"
        srcDoc={diff.html + DIFF_STYLE}
        onLoad={() => go(0)}
        data-testid="workflow-diff-frame"
        style={{ width: '100%', height: 'calc(100vh - 320px)', minHeight: 300, border: '1px solid #f0f0f0' }}
      />
    </Space>
  );
}

const LINE_COLORS = { same: undefined, del: '#ffebe9', ins: '#e6ffec' } as const;
const LINE_SIGNS = { same: ' ', del: '-', ins: '+' } as const;

/** The XML of both revisions line by line, with both sides' line numbers; opens at the first change. */
function XmlDiff({ before, after }: { before: string; after: string }) {
  const diff = useMemo(() => diffLines(before, after), [before, after]);
  const box = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const go = useCallback((n: number) => {
    showChange(box.current, n);
    setCurrent(n);
  }, []);
  useEffect(() => go(0), [go]);
  const number = { display: 'inline-block', width: 44, textAlign: 'right', paddingRight: 8, color: '#999', userSelect: 'none' } as const;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ChangeNav current={current} total={diff.changes} onGo={go} />
      <div
        ref={box}
        data-testid="workflow-diff-xml"
        style={{ fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre', overflow: 'auto', maxHeight: 'calc(100vh - 320px)', border: '1px solid #f0f0f0' }}
      >
        {diff.lines.map((line, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines are fixed for its two revisions
            key={i}
            data-op={line.op}
            data-change={line.change ?? undefined}
            style={{ background: LINE_COLORS[line.op] }}
          >
            <span style={number}>{line.oldNo ?? ''}</span>
            <span style={number}>{line.newNo ?? ''}</span>
            <span style={{ color: line.op === 'same' ? '#999' : undefined }}>{LINE_SIGNS[line.op]} </span>
            {line.op === 'del' ? (
              <del style={{ textDecoration: 'none' }}>{line.text}</del>
            ) : line.op === 'ins' ? (
              <ins style={{ textDecoration: 'none' }}>{line.text}</ins>
            ) : (
              line.text
            )}
          </div>
        ))}
      </div>
    </Space>
  );
}

/** Which two revisions are compared, and what the comparison found when there is nothing to mark. */
function Header({ diff }: { diff: WorkflowDiff }) {
  const { t } = useTranslation('workflow');
  const base = diff.base;
  const note =
    diff.state === 'unchanged'
      ? t(`workflow.diff.unchanged.${base?.source ?? 'approval'}`)
      : diff.state === 'new'
        ? t('workflow.diff.new')
        : diff.state === 'deleted'
          ? t('workflow.diff.deleted')
          : null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={base ? t(`workflow.diff.sources.${base.source}`) : t('workflow.diff.base')}>
          {base ? (
            <span data-testid="workflow-diff-base" data-source={base.source}>
              <Revision rev={base} />
              {base.source === 'approval' && (
                <Typography.Text type="secondary"> ({t('workflow.diff.approvedBy', { user: base.approvedBy, time: time(base.approveTime) })})</Typography.Text>
              )}
            </span>
          ) : (
            <span data-testid="workflow-diff-base">{t('workflow.diff.noBase')}</span>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={`${t('workflow.diff.head')} (${t('workflow.diff.onBranch', { branch: diff.branch })})`}>
          <span data-testid="workflow-diff-head">
            <Revision rev={diff.head} />
          </span>
        </Descriptions.Item>
      </Descriptions>
      {note && <Alert type={diff.state === 'unchanged' ? 'success' : 'info'} showIcon title={note} data-testid="workflow-diff-state" data-state={diff.state} />}
    </Space>
  );
}

/** "What changed" in one covered item of a plan (issue 38, item 5): the rendered diff, the XML diff a tab away. */
export function WorkflowDiffDrawer({ planId, path, onClose }: { planId: number; path: string | undefined; onClose: () => void }) {
  const { t } = useTranslation('workflow');
  const query = useWorkflowDiff(planId, path);
  const openInEditor = useOpenInEditor();
  const diff = query.data;
  const rendered = diff && diff.before.html !== null && diff.after.html !== null ? { before: diff.before.html, after: diff.after.html } : null;
  return (
    <Drawer
      open={path !== undefined}
      onClose={onClose}
      size={1100}
      destroyOnHidden
      title={t('workflow.diff.title', { path: path ?? '' })}
      extra={
        diff && (
          <Button onClick={() => void openInEditor({ libraryId: diff.libraryId, branch: diff.branch, path: diff.path })}>
            {t('workflow.diff.openInEditor')}
          </Button>
        )
      }
    >
      <div data-testid="workflow-diff">
        {query.isLoading ? (
          <Spin />
        ) : !diff ? (
          <Empty />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Header diff={diff} />
            {!rendered && <Alert type="info" title={t('workflow.diff.noRendering')} />}
            <Tabs
              defaultActiveKey={rendered ? 'rendered' : 'xml'}
              destroyOnHidden
              items={[
                ...(rendered
                  ? [{ key: 'rendered', label: t('workflow.diff.rendered'), children: <RenderedDiff before={rendered.before} after={rendered.after} /> }]
                  : []),
                { key: 'xml', label: t('workflow.diff.xml'), children: <XmlDiff before={diff.before.xml} after={diff.after.xml} /> },
              ]}
            />
          </Space>
        )}
      </div>
    </Drawer>
  );
}
