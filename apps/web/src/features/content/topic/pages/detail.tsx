import { FileSearchOutlined } from '@ant-design/icons';
import { TopicStatus } from '@ccms/contracts/content/status';
import { TopicPerm } from '@ccms/contracts/content/topic';
import { Button, Card, Result, Space, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../../api/errors';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { slot, tabItems } from '../../../../shared/slots/slots';
import { useSetTopicStatus } from '../../catalog/catalog-queries';
import { IndexedCommit, ReindexButton } from '../../document/components/IndexedCommit';
import { SetStatusDialog } from '../../document/components/SetStatusDialog';
import { FileViewer } from '../../explorer/components/FileViewer';
import { S1000dTopicTab } from '../../s1000d/components/S1000dTopicTab';
import { isS1000dRow } from '../../s1000d/s1000d-facts';
import { StatusTag } from '../../shared/StatusTag';
import { EditTopicButton } from '../../topic-editor/components/EditTopicButton';
import { HistoryTab } from '../components/HistoryTab';
import { ReferencesTab } from '../components/ReferencesTab';
import { TopicPropsTab } from '../components/TopicPropsTab';
import type { TopicAt } from '../topic-api';
import { useTopic } from '../topic-queries';
import '../../document/catalog.css';

/** The page's own tabs; the topic-tabs slot adds others' (work: review, compliance: regulations). */
const OWN_TABS = ['properties', 's1000d', 'references', 'history'];

/** Which topic the URL names: ?id=, or ?libraryId=&branch=&path= (a link by path). */
function topicKey(params: URLSearchParams): TopicAt | null {
  const id = Number(params.get('id'));
  if (Number.isInteger(id) && id > 0) return { kind: 'id', id };
  const libraryId = Number(params.get('libraryId'));
  const path = params.get('path') ?? '';
  if (Number.isInteger(libraryId) && libraryId > 0 && path) return { kind: 'path', libraryId, path, branch: params.get('branch') || undefined };
  return null;
}

/** A topic's detail (/ccms/topic-detail/index?id= or ?libraryId=&path=): properties, references, revision history. */
export default function TopicDetailPage() {
  const { t } = useTranslation('topic');
  const { t: td } = useTranslation('document');
  const { t: ts } = useTranslation('s1000d');
  const [params, setParams] = useSearchParams();
  const key = topicKey(params);
  const [settingStatus, setSettingStatus] = useState(false);
  const [viewingSource, setViewingSource] = useState(false);
  const detail = useTopic(key);
  const setStatus = useSetTopicStatus();
  const tabParam = params.get('tab');
  const slotted = slot('topicTabs');
  const tabAsked = [...OWN_TABS, ...slotted.map((s) => s.key)].find((k) => k === tabParam) ?? 'properties';

  if (!key) return <Result status="warning" title={t('missingId')} />;
  if (detail.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const tp = detail.data;
  if (!tp) {
    const err = detail.error;
    const missing = err instanceof ApiError && err.code === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={<span data-testid="topic-missing">{missing ? t('notExist') : err instanceof Error ? err.message : t('notExist')}</span>}
      />
    );
  }

  // A data module of an S1000D library has a tab of its own; a DITA topic asked for it opens on its properties.
  const s1000d = isS1000dRow(tp);
  const tab = tabAsked === 's1000d' && !s1000d ? 'properties' : tabAsked;

  return (
    <Card
      variant="borderless"
      title={
        <Space wrap>
          <span data-testid="topic-title">{tp.title || tp.path}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {tp.path}
          </Typography.Text>
          <StatusTag status={tp.status} />
        </Space>
      }
      extra={
        <Space wrap>
          <IndexedCommit commit={tp.commit} indexedAt={tp.indexedAt} branch={tp.branch} />
          <EditTopicButton libraryId={tp.libraryId} branch={tp.branch} path={tp.path} size="middle" type="primary" />
          <Button icon={<FileSearchOutlined />} onClick={() => setViewingSource(true)}>
            {t('viewSource')}
          </Button>
          {tp.canWrite && (
            <HasPermi value={[TopicPerm.edit]}>
              <Button onClick={() => setSettingStatus(true)}>{td('setStatus')}</Button>
            </HasPermi>
          )}
          <ReindexButton libraryId={tp.libraryId} branch={tp.branch} />
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(k) =>
          setParams(
            (p) => {
              p.set('tab', k);
              return p;
            },
            { replace: true },
          )
        }
        items={tabItems(
          [
            { key: 'properties', order: 10, label: t('tabs.properties'), children: <TopicPropsTab key={String(tp.updateTime)} topic={tp} /> },
            ...(s1000d
              ? [{ key: 's1000d', order: 20, label: <span data-testid="s1000d-tab">{ts('tab')}</span>, children: <S1000dTopicTab topic={tp} /> }]
              : []),
            { key: 'references', order: 30, label: t('tabs.references'), children: <ReferencesTab topic={tp} /> },
            { key: 'history', order: 40, label: t('tabs.history'), children: <HistoryTab topic={tp} /> },
          ],
          slotted,
          { topicId: tp.topicId, libraryId: tp.libraryId, branch: tp.branch, path: tp.path, title: tp.title || tp.path },
        )}
      />
      <FileViewer at={{ libraryId: tp.libraryId, ref: tp.branch }} path={viewingSource ? tp.path : null} onClose={() => setViewingSource(false)} />
      <SetStatusDialog
        target={settingStatus ? { kind: 'topic', title: tp.title || tp.path, current: tp.status } : null}
        submit={(v) => setStatus.mutateAsync({ topicId: tp.topicId, status: TopicStatus.parse(v.status), comment: v.comment })}
        onClose={() => setSettingStatus(false)}
        onDone={() => setSettingStatus(false)}
      />
    </Card>
  );
}
