import { DEFAULT_PAGE_SIZE } from '@ccms/contracts/constants';
import { PUBLISH_PERMS, type PublishOutput } from '@ccms/contracts/publish/publication';
import { App, Button, Progress, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { Pagination } from '../../../../shared/list/Pagination';
import type { OutputListParams } from '../output-api';
import { outputApi } from '../output-api';
import { useCancelOutput, useDeleteOutputs, useOutputs, useRefreshOutputs } from '../output-queries';
import { ArchiveDialog } from './ArchiveDialog';
import { ProblemsDrawer } from './ProblemsDrawer';
import { percentOf, usePublishProgress } from './use-publish-progress';

const COLORS: Record<PublishOutput['status'], string> = {
  notStarted: 'default',
  running: 'processing',
  success: 'success',
  fail: 'error',
  canceled: 'warning',
};

const formatTime = (v: unknown) => (v ? dayjs(String(v)).format('YYYY-MM-DD HH:mm:ss') : '');

/** Errors and warnings an output was published with (information notes do not count). */
export const problemCount = (output: Pick<PublishOutput, 'problemCounts'>) => output.problemCounts.error + output.problemCounts.warning;

/**
 * The file a Download gives: a PDF output's PDF itself (its file name, from the address it opens
 * at), null for the others, which download as a zip of their folder.
 */
export function pdfDownload(output: Pick<PublishOutput, 'format' | 'status' | 'viewUrl'>): { href: string; name: string } | null {
  if (output.status !== 'success' || !/\.pdf$/i.test(output.viewUrl)) return null;
  return { href: output.viewUrl, name: decodeURIComponent(output.viewUrl.slice(output.viewUrl.lastIndexOf('/') + 1)) };
}

/**
 * The status of one output: a live progress bar while it runs; a publish that ended with errors or
 * warnings says so beside its success, and opens them on a click.
 */
function OutputStatus({ output, onProblems }: { output: PublishOutput; onProblems: () => void }) {
  const { t } = useTranslation('output');
  const refresh = useRefreshOutputs();
  const onEnd = useCallback(() => void refresh(), [refresh]);
  const active = output.status === 'notStarted' || output.status === 'running';
  const progress = usePublishProgress(output.progressUrl, active, onEnd);
  if (active) {
    const phase = progress?.phase || output.phase;
    return (
      <div data-testid="publish-progress" style={{ minWidth: 160 }}>
        <Progress percent={percentOf(progress)} size="small" status="active" />
        <span className="publish-phase">
          {t(`statuses.${progress?.status ?? output.status}`)} {phase} {progress ? `${progress.done}/${progress.total}` : ''}
        </span>
      </div>
    );
  }
  const problems = problemCount(output);
  if (output.status === 'success' && problems > 0)
    return (
      <Tag color="warning" className="output-status-problems" style={{ cursor: 'pointer' }} onClick={onProblems}>
        {t('statusWithProblems', { count: problems })}
      </Tag>
    );
  return <Tag color={COLORS[output.status]}>{t(`statuses.${output.status}`)}</Tag>;
}

/** Outputs of a publication or a document: format, status (live), creator, time; open, download, problems, cancel, delete. */
export function OutputTable({ scope }: { scope: Omit<OutputListParams, 'pageNum' | 'pageSize'> }) {
  const { t } = useTranslation('output');
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const outputs = useOutputs({ ...scope, ...page });
  const cancel = useCancelOutput();
  const remove = useDeleteOutputs();
  const [problemsOf, setProblemsOf] = useState<number | undefined>(undefined);
  const navigate = useNavigate();
  const [archiving, setArchiving] = useState<number | undefined>(undefined);

  const toDownloads = async (outputId: number) => {
    await outputApi.toDownloads(outputId);
    message.success({
      content: (
        <span>
          {t('output.addedToDownloads')} <Typography.Link onClick={() => navigate('/system/downloadcenter')}>{t('output.openDownloads')}</Typography.Link>
        </span>
      ),
    });
  };

  const columns: ColumnsType<PublishOutput> = [
    { key: 'format', dataIndex: 'format', title: t('output.format'), width: 80 },
    { key: 'configName', dataIndex: 'configName', title: t('output.config') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('output.status'),
      render: (_: unknown, row) => <OutputStatus output={row} onProblems={() => setProblemsOf(row.outputId)} />,
    },
    {
      key: 'problems',
      title: t('output.problems'),
      render: (_: unknown, row) => (
        <Button type="link" size="small" onClick={() => setProblemsOf(row.outputId)}>
          {t('output.problemCounts', { error: row.problemCounts.error, warning: row.problemCounts.warning })}
        </Button>
      ),
    },
    { key: 'commit', dataIndex: 'commit', title: t('output.commit'), width: 100, render: (v: string) => <Tooltip title={v}>{v.slice(0, 8)}</Tooltip> },
    { key: 'createBy', dataIndex: 'createBy', title: t('output.createBy') },
    { key: 'createTime', dataIndex: 'createTime', title: t('output.createTime'), render: formatTime },
    {
      key: 'actions',
      title: t('output.actions'),
      render: (_: unknown, row) => (
        <Space size={0}>
          {row.status === 'success' && (
            <>
              <Button type="link" size="small" href={`/ccms/output-view/index?outputId=${row.outputId}`} target="_blank">
                {t('output.open')}
              </Button>
              {pdfDownload(row) ? (
                <Button type="link" size="small" href={pdfDownload(row)?.href} download={pdfDownload(row)?.name}>
                  {t('output.download')}
                </Button>
              ) : (
                <Button type="link" size="small" onClick={() => outputApi.zip(row)}>
                  {t('output.download')}
                </Button>
              )}
              <Button type="link" size="small" onClick={() => toDownloads(row.outputId)}>
                {t('output.toDownloads')}
              </Button>
              <HasPermi value={PUBLISH_PERMS}>
                <Button type="link" size="small" onClick={() => setArchiving(row.outputId)}>
                  {t('archive.action')}
                </Button>
              </HasPermi>
            </>
          )}
          <HasPermi value={PUBLISH_PERMS}>
            {row.status === 'running' || row.status === 'notStarted' ? (
              <Button type="link" size="small" onClick={() => cancel.mutate(row.outputId, { onSuccess: () => message.success(t('output.canceled')) })}>
                {t('output.cancel')}
              </Button>
            ) : (
              <Button
                type="link"
                size="small"
                danger
                onClick={async () => {
                  if (!(await confirmDialog(t('output.confirmDelete'), { type: 'danger' }))) return;
                  remove.mutate([row.outputId], { onSuccess: () => message.success(t('output.deleted')) });
                }}
              >
                {t('output.delete')}
              </Button>
            )}
          </HasPermi>
        </Space>
      ),
    },
  ];
  return (
    <div data-testid="output-table">
      <Table<PublishOutput>
        size="small"
        rowKey="outputId"
        columns={columns}
        dataSource={outputs.data?.rows ?? []}
        loading={outputs.isLoading}
        pagination={false}
      />
      <Pagination total={outputs.data?.total ?? 0} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
      <ProblemsDrawer outputId={problemsOf} onClose={() => setProblemsOf(undefined)} />
      <ArchiveDialog outputId={archiving} onClose={() => setArchiving(undefined)} />
    </div>
  );
}
