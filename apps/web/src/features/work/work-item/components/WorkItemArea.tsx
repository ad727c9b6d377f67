import { PlanApi } from '@ccms/contracts/work/plan';
import { TaskApi } from '@ccms/contracts/work/task';
import type { WorkItemListRow } from '@ccms/contracts/work/work-item';
import { Alert, Button, Card, Empty, Space, Spin, Table, Tabs, Typography } from 'antd';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useProjects } from '../../../../state/project-store';
import { ReleaseLogList } from '../../release-log/components/ReleaseLogList';
import { StatusTag, time } from '../../shared/labels';
import type { AreaList } from '../work-item-api';
import { useAreaRows, useProjectLibrary, useWorkItemChildren } from '../work-item-queries';
import { HistoryTable } from './HistoryTable';
import '../work-item.css';
import { WorkItemDetail } from './WorkItemDetail';
import { WorkItemFormDialog } from './WorkItemFormDialog';
import { WorkItemList } from './WorkItemList';

export const AREA_TABS = ['all', 'requirement', 'defect', 'plan', 'task', 'releaseLog', 'library', 'details', 'subRequirement', 'history'] as const;
export type AreaTab = (typeof AREA_TABS)[number];

type PageModule = { default: ComponentType };
/** The plan and task screens of their own feature, when this build has them. */
const planPages = import.meta.glob<PageModule>('../../plan/pages/index.tsx');
const taskPages = import.meta.glob<PageModule>('../../task/pages/index.tsx');
const Explorer = lazy(() => import('../../../content/explorer/components/Explorer').then((m) => ({ default: m.Explorer })));

function lazyPage(pages: Record<string, () => Promise<PageModule>>) {
  const load = Object.values(pages)[0];
  return load ? lazy(load) : null;
}
const PlanPage = lazyPage(planPages);
const TaskPage = lazyPage(taskPages);

const spinner = <Spin style={{ display: 'block', margin: '40px auto' }} />;

/** Rows of another module's list for the project (read-only), when that feature has no page here. */
function ProjectRows({
  list,
  projectId,
  columns,
}: {
  list: AreaList;
  projectId: number | undefined;
  columns: { key: string; title: string; render?: (v: unknown) => ReactNode }[];
}) {
  const { t } = useTranslation('work-item');
  const rows = useAreaRows(list, projectId);
  if (projectId === undefined) return <Alert type="info" showIcon title={t('area.needProject')} />;
  return (
    <Table<Record<string, unknown>>
      size="small"
      rowKey={(r) => String(r.id ?? r.planId ?? r.taskId ?? JSON.stringify(r))}
      loading={rows.isFetching}
      dataSource={rows.data ?? []}
      pagination={false}
      columns={columns.map((c) => ({
        key: c.key,
        dataIndex: c.key,
        title: c.title,
        render: c.render ?? ((v: unknown) => (v === null || v === undefined ? '' : String(v))),
      }))}
    />
  );
}

/** The library the current project works on, browsed like the library's content tab. */
function LibraryTab({ projectId }: { projectId: number | undefined }) {
  const { t } = useTranslation('work-item');
  const library = useProjectLibrary(projectId);
  if (projectId === undefined) return <Alert type="info" showIcon title={t('area.needProject')} />;
  if (library.isLoading) return spinner;
  const libraryId = library.data;
  if (!libraryId) return <Empty description={t('area.noLibrary')} />;
  return (
    <Suspense fallback={spinner}>
      <Explorer libraryId={libraryId} />
    </Suspense>
  );
}

/** The sub-requirements of the picked requirement, with a button to add one under it. */
function SubRequirements({ item }: { item: WorkItemListRow }) {
  const { t } = useTranslation('work-item');
  const [adding, setAdding] = useState(false);
  const children = useWorkItemChildren(item.projectId, item.workItemId);
  if (item.workItemType !== 'requirement') return <Empty description={t('area.notRequirement')} />;
  return (
    <>
      {item.actions.length > 0 && (
        <Button type="primary" ghost style={{ marginBottom: 12 }} onClick={() => setAdding(true)}>
          {t('area.addChild')}
        </Button>
      )}
      <Table<WorkItemListRow>
        size="small"
        rowKey="workItemId"
        loading={children.isFetching}
        dataSource={children.data ?? []}
        pagination={false}
        columns={[
          { key: 'workItemId', dataIndex: 'workItemId', title: t('fields.workItemId'), width: 80 },
          { key: 'title', dataIndex: 'title', title: t('fields.title') },
          { key: 'status', title: t('fields.status'), width: 100, render: (_: unknown, r) => <StatusTag item={r} /> },
          { key: 'assigneeName', dataIndex: 'assigneeName', title: t('fields.assigneeId'), width: 120 },
          { key: 'createTime', dataIndex: 'createTime', title: t('fields.createTime'), width: 170, render: time },
        ]}
      />
      <WorkItemFormDialog
        open={adding}
        workItemId={undefined}
        type="requirement"
        projectId={item.projectId}
        parentId={item.workItemId}
        onClose={() => setAdding(false)}
      />
    </>
  );
}

/**
 * The work item area of the spec: all, requirement, defect, plan, task, release log, library,
 * details, sub-requirement and change history. The list tabs pick the item the last three show.
 */
export function WorkItemArea({ defaultTab = 'all' }: { defaultTab?: AreaTab }) {
  const { t } = useTranslation('work-item');
  const [params, setParams] = useSearchParams();
  const projectId = useProjects((s) => s.currentProjectId) ?? undefined;
  const [picked, setPicked] = useState<WorkItemListRow | null>(null);
  const raw = params.get('tab');
  const tab: AreaTab = (AREA_TABS as readonly string[]).includes(raw ?? '') ? (raw as AreaTab) : defaultTab;
  const setTab = (key: string) =>
    setParams(
      (p) => {
        p.set('tab', key);
        return p;
      },
      { replace: true },
    );
  const list = (type?: 'requirement' | 'defect') => (
    <WorkItemList key={`${type ?? 'all'}-${projectId ?? 0}`} workItemType={type} projectId={projectId} selectedId={picked?.workItemId} onSelect={setPicked} />
  );
  // The item tabs lead somewhere without a trip to another tab: with no item picked they show
  // the list to pick from; once picked, the item's name and a way to pick another.
  const needItem = (node: (item: WorkItemListRow) => ReactNode, type?: 'requirement') =>
    picked ? (
      <>
        <Space className="workitem-area-picked" data-testid="area-picked" wrap>
          <Typography.Text strong>
            #{picked.workItemId} {picked.title}
          </Typography.Text>
          <Button size="small" onClick={() => setPicked(null)}>
            {t('area.pickAnother')}
          </Button>
        </Space>
        {node(picked)}
      </>
    ) : (
      <>
        <Alert type="info" showIcon title={t('area.selectItem')} style={{ marginBottom: 12 }} />
        {list(type)}
      </>
    );

  const items = [
    { key: 'all', label: t('tabs.all'), children: list() },
    { key: 'requirement', label: t('tabs.requirement'), children: list('requirement') },
    { key: 'defect', label: t('tabs.defect'), children: list('defect') },
    {
      key: 'plan',
      label: t('tabs.plan'),
      children: PlanPage ? (
        <Suspense fallback={spinner}>
          <PlanPage />
        </Suspense>
      ) : (
        <ProjectRows
          list={PlanApi.list}
          projectId={projectId}
          columns={[
            { key: 'title', title: t('releaseLog.planTitle') },
            { key: 'status', title: t('fields.status') },
            { key: 'beginDate', title: t('fields.begin') },
            { key: 'dueDate', title: t('fields.due') },
          ]}
        />
      ),
    },
    {
      key: 'task',
      label: t('tabs.task'),
      children: TaskPage ? (
        <Suspense fallback={spinner}>
          <TaskPage />
        </Suspense>
      ) : (
        <ProjectRows
          list={TaskApi.list}
          projectId={projectId}
          columns={[
            { key: 'title', title: t('fields.title') },
            { key: 'status', title: t('fields.status') },
            { key: 'effort', title: t('fields.effort') },
            { key: 'remain', title: t('fields.remain') },
          ]}
        />
      ),
    },
    { key: 'releaseLog', label: t('tabs.releaseLog'), children: <ReleaseLogList projectId={projectId} /> },
    { key: 'library', label: t('tabs.library'), children: <LibraryTab projectId={projectId} /> },
    {
      key: 'details',
      label: t('tabs.details'),
      children: needItem((item) => <WorkItemDetail key={item.workItemId} workItemId={item.workItemId} showOpenLink />),
    },
    {
      key: 'subRequirement',
      label: t('tabs.subRequirement'),
      children: needItem((item) => <SubRequirements key={item.workItemId} item={item} />, 'requirement'),
    },
    { key: 'history', label: t('tabs.history'), children: needItem((item) => <HistoryTable workItemId={item.workItemId} />) },
  ];

  return (
    <Card variant="borderless" data-testid="workitem-area">
      <Tabs activeKey={tab} onChange={setTab} destroyOnHidden items={items} />
    </Card>
  );
}
