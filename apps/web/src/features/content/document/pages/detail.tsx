import { DocumentPerm } from '@ccms/contracts/content/document';
import { Button, Card, Result, Space, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../../api/errors';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { slot, tabItems } from '../../../../shared/slots/slots';
import { useSetDocumentStatus } from '../../catalog/catalog-queries';
import { IssueCycle } from '../../s1000d/components/IssueCycle';
import { ProductFilterTab } from '../../s1000d/components/ProductFilterTab';
import { isS1000dRow } from '../../s1000d/s1000d-facts';
import { StatusTag } from '../../shared/StatusTag';
import { TranslationTab } from '../../translation/components/TranslationTab';
import { ConnectionsTab } from '../components/ConnectionsTab';
import { DocumentPropsTab } from '../components/DocumentPropsTab';
import { IndexedCommit, ReindexButton } from '../components/IndexedCommit';
import { RevisionsTab } from '../components/RevisionsTab';
import { SetStatusDialog } from '../components/SetStatusDialog';
import { TocTab } from '../components/TocTab';
import { useDocument } from '../document-queries';
import '../catalog.css';

/** The page's own tabs; the document-tabs slot adds others' (publish: outputs). */
const OWN_TABS = ['structure', 'filter', 'issues', 'properties', 'connections', 'revisions', 'translation'];

/** A document's detail (/ccms/document-detail/index?id=): structure, properties, connections, output, revision history. */
export default function DocumentDetailPage() {
  const { t } = useTranslation('document');
  const { t: ts } = useTranslation('s1000d');
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const [settingStatus, setSettingStatus] = useState(false);
  const detail = useDocument(id, valid);
  const setStatus = useSetDocumentStatus();
  const tabParam = params.get('tab');
  const slotted = slot('documentTabs');
  const tabAsked = [...OWN_TABS, ...slotted.map((s) => s.key)].find((k) => k === tabParam) ?? 'structure';

  if (!valid) return <Result status="warning" title={t('missingId')} />;
  if (detail.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const d = detail.data;
  if (!d) {
    const err = detail.error;
    const missing = err instanceof ApiError && err.code === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={<span data-testid="document-missing">{missing ? t('notExist') : err instanceof Error ? err.message : t('notExist')}</span>}
      />
    );
  }

  // An S1000D or ATA Spec 2300 publication module can be filtered by product (aircraft); a DITA map asked for that tab opens on its structure.
  const s1000d = isS1000dRow(d);
  const filtered = s1000d || d.facts.standard === 'ata2300';
  const tab = (tabAsked === 'filter' && !filtered) || (tabAsked === 'issues' && !s1000d) ? 'structure' : tabAsked;

  return (
    <Card
      variant="borderless"
      title={
        <Space wrap>
          <span data-testid="document-title">{d.name || d.path}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {d.docNbr}
          </Typography.Text>
          <StatusTag status={d.status} />
        </Space>
      }
      extra={
        <Space wrap>
          <IndexedCommit commit={d.commit} indexedAt={d.indexedAt} branch={d.branch} />
          {d.canWrite && (
            <HasPermi value={[DocumentPerm.edit]}>
              <Button onClick={() => setSettingStatus(true)}>{t('setStatus')}</Button>
            </HasPermi>
          )}
          <ReindexButton libraryId={d.libraryId} branch={d.branch} />
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) =>
          setParams(
            (p) => {
              p.set('tab', key);
              return p;
            },
            { replace: true },
          )
        }
        items={tabItems(
          [
            { key: 'structure', order: 10, label: t('tabs.structure'), children: <TocTab document={d} /> },
            ...(filtered
              ? [
                  {
                    key: 'filter',
                    order: 20,
                    label: <span data-testid="s1000d-filter-tab">{ts('filter.tab')}</span>,
                    children: <ProductFilterTab document={d} />,
                  },
                ]
              : []),
            ...(s1000d
              ? [
                  // A publication module has its issues as a data module has: Start next in-work, Issue, issues compared.
                  {
                    key: 'issues',
                    order: 30,
                    label: <span data-testid="s1000d-issues-tab">{ts('cycle.title')}</span>,
                    children: <IssueCycle target={{ libraryId: d.libraryId, branch: d.branch, path: d.path }} />,
                  },
                ]
              : []),
            { key: 'properties', order: 40, label: t('tabs.properties'), children: <DocumentPropsTab key={String(d.updateTime)} document={d} /> },
            { key: 'connections', order: 50, label: t('tabs.connections'), children: <ConnectionsTab document={d} /> },
            { key: 'revisions', order: 70, label: t('tabs.revisions'), children: <RevisionsTab document={d} /> },
            { key: 'translation', order: 80, label: t('tabs.translation'), children: <TranslationTab document={d} /> },
          ],
          slotted,
          { documentId: d.documentId, libraryId: d.libraryId },
        )}
      />
      <SetStatusDialog
        target={settingStatus ? { kind: 'document', title: d.name || d.path, current: d.status } : null}
        submit={(v) => setStatus.mutateAsync({ documentId: d.documentId, ...v })}
        onClose={() => setSettingStatus(false)}
        onDone={() => setSettingStatus(false)}
      />
    </Card>
  );
}
