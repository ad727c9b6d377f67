import type { CatalogScope } from '@ccms/contracts/content/catalog';
import { S1000dAuthorPerm } from '@ccms/contracts/content/s1000d-authoring';
import { COVERAGE_STATES, type CoverageState, type DmlCoverageRow } from '@ccms/contracts/content/s1000d-dml';
import { TaskPerm } from '@ccms/contracts/work/task';
import { Button, Drawer, Empty, Select, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { slot } from '../../../../shared/slots/slots';
import { topicDetailPath } from '../../shared/paths';
import { useDmlCoverage } from '../dml-queries';
import { DmrlEntryDialog } from './DmrlEntryDialog';

const STATE_COLORS: Record<CoverageState, string> = { missing: 'error', deleted: 'default', inWork: 'processing', issued: 'success' };

/** What a tracker task for an entry says: write the module (missing) or finish it (in work). */
export function taskPresetOf(row: DmlCoverageRow, list: string, t: TFunction<'s1000d'>) {
  const what = row.title ? `${row.code} (${row.title})` : row.code;
  return {
    title: (row.state === 'missing' ? t('dml.taskWrite', { what }) : t('dml.taskFinish', { what })).slice(0, 200),
    description: t('dml.taskDescription', { list, line: row.line, issue: row.requestedIssue ?? '-' }),
    category: 'writing' as const,
  };
}

/**
 * A data module list's coverage (the DMRL dashboard): counts of what is missing, in work, issued or
 * deleted, and each entry with the module it asks for; a missing or unfinished one can become a task.
 */
export function DmlCoverageDrawer({ scope, open, onClose }: { scope: CatalogScope; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('s1000d');
  const navigate = useNavigate();
  const [path, setPath] = useState<string | undefined>(undefined);
  const [states, setStates] = useState<CoverageState[]>([]);
  const [task, setTask] = useState<DmlCoverageRow | null>(null);
  // The work area's new-task dialog (the new-task slot).
  const NewTask = slot('newTask');
  const [adding, setAdding] = useState(false);
  const query = useDmlCoverage(scope, path, open);
  const data = query.data;
  const coverage = data?.coverage ?? null;
  const rows = useMemo(() => (coverage?.rows ?? []).filter((r) => states.length === 0 || states.includes(r.state)), [coverage, states]);

  return (
    <Drawer open={open} title={t('dml.title')} size={1100} onClose={onClose} destroyOnHidden>
      <div data-testid="s1000d-dml-drawer">
        {query.isLoading && <Spin />}
        {data && data.lists.length === 0 && <Empty description={t('dml.none')} />}
        {data && coverage && (
          <Space orientation="vertical" style={{ width: '100%' }} size="middle">
            <Space wrap>
              <Typography.Text>{t('dml.list')}</Typography.Text>
              <Select
                style={{ minWidth: 420 }}
                value={coverage.path}
                onChange={(v: string) => setPath(v)}
                data-testid="dml-choose"
                options={data.lists.map((l) => ({
                  value: l.path,
                  label: `${l.code} (${l.revision}) · ${t(`dml.types.${l.dmlType}`, { defaultValue: l.dmlType })} · ${t('dml.entries', { count: l.entries })}`,
                }))}
              />
              <HasPermi value={[S1000dAuthorPerm.create]}>
                <Button onClick={() => setAdding(true)} data-testid="dml-new-entry">
                  {t('dml.newEntry')}
                </Button>
              </HasPermi>
            </Space>
            <Space size="large" wrap data-testid="dml-counts">
              {COVERAGE_STATES.map((s) => (
                <Statistic key={s} title={t(`dml.states.${s}`)} value={coverage.counts[s] ?? 0} data-testid={`dml-count-${s}`} />
              ))}
            </Space>
            <Select
              mode="multiple"
              allowClear
              style={{ minWidth: 320 }}
              placeholder={t('dml.filterStates')}
              value={states}
              onChange={setStates}
              data-testid="dml-filter"
              options={COVERAGE_STATES.map((s) => ({ value: s, label: t(`dml.states.${s}`) }))}
            />
            <Table<DmlCoverageRow>
              size="small"
              rowKey="line"
              dataSource={rows}
              pagination={{ pageSize: 50, showSizeChanger: false }}
              data-testid="dml-rows"
              columns={[
                {
                  key: 'code',
                  dataIndex: 'code',
                  title: t('dml.code'),
                  render: (v: string, r) =>
                    r.topicId !== null ? (
                      <Typography.Link onClick={() => r.topicId !== null && navigate(topicDetailPath(r.topicId))}>{v}</Typography.Link>
                    ) : (
                      <Typography.Text>{v || t('dml.noRef')}</Typography.Text>
                    ),
                },
                { key: 'title', dataIndex: 'title', title: t('dml.moduleTitle'), ellipsis: true, render: (v: string | null) => v ?? '' },
                { key: 'requestedIssue', dataIndex: 'requestedIssue', title: t('dml.requestedIssue'), width: 110, render: (v: string | null) => v ?? '' },
                { key: 'revision', dataIndex: 'revision', title: t('dml.presentIssue'), width: 110, render: (v: string | null) => v ?? '' },
                {
                  key: 'state',
                  dataIndex: 'state',
                  title: t('dml.state'),
                  width: 110,
                  render: (v: CoverageState) => (
                    <Tag color={STATE_COLORS[v]} data-testid="dml-state">
                      {t(`dml.states.${v}`)}
                    </Tag>
                  ),
                },
                {
                  key: 'issueMatch',
                  dataIndex: 'issueMatch',
                  title: t('dml.issueMatch'),
                  width: 140,
                  render: (v: DmlCoverageRow['issueMatch']) => (v ? t(`dml.matches.${v}`) : ''),
                },
                {
                  key: 'action',
                  title: '',
                  width: 120,
                  render: (_: unknown, r) =>
                    NewTask && (r.state === 'missing' || r.state === 'inWork') ? (
                      <HasPermi value={[TaskPerm.add]}>
                        <Button size="small" type="link" onClick={() => setTask(r)} data-testid="dml-create-task">
                          {t('dml.createTask')}
                        </Button>
                      </HasPermi>
                    ) : null,
                },
              ]}
            />
          </Space>
        )}
      </div>
      {data && coverage && (
        <DmrlEntryDialog
          open={adding}
          libraryId={scope.libraryId}
          branch={scope.branch}
          lists={data.lists}
          dmlPath={coverage.path}
          onAdded={(r) => setPath(r.path)}
          onClose={() => setAdding(false)}
        />
      )}
      {task && coverage && NewTask && (
        <Suspense fallback={null}>
          <NewTask preset={taskPresetOf(task, coverage.code, t)} onClose={() => setTask(null)} />
        </Suspense>
      )}
    </Drawer>
  );
}
