import { ProfileOutlined, SendOutlined } from '@ant-design/icons';
import { DocumentPerm } from '@ccms/contracts/content/document';
import { Button, Drawer, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { useDocumentAt } from '../../document/document-queries';

// The publish feature's own dialog and output table (the document page uses the same), loaded when opened.
const OutputTable = lazy(async () => ({ default: (await import('../../../publish/components/OutputTable')).OutputTable }));
const PublishDialog = lazy(async () => ({ default: (await import('../../../publish/components/PublishDialog')).PublishDialog }));

/**
 * Publish the map being edited (its document in the catalogue) with the library's publish
 * configs, and its outputs in a drawer. What is published is the branch as committed: save first.
 */
export function MapPublish({ libraryId, branch, path, dirty }: { libraryId: number; branch: string; path: string; dirty: boolean }) {
  const { t } = useTranslation('mapEditor');
  const doc = useDocumentAt(libraryId, branch, path);
  const [publishing, setPublishing] = useState(false);
  const [outputs, setOutputs] = useState(false);
  const documentId = doc.data?.documentId;
  const why = documentId === undefined ? (doc.isLoading ? '' : t('publishNotIndexed')) : dirty ? t('publishSaveFirst') : '';
  return (
    <HasPermi value={[DocumentPerm.publish]}>
      <Tooltip title={why || undefined}>
        <Button icon={<SendOutlined />} disabled={documentId === undefined || dirty} onClick={() => setPublishing(true)} data-testid="map-publish">
          {t('publish')}
        </Button>
      </Tooltip>
      <Button icon={<ProfileOutlined />} disabled={documentId === undefined} onClick={() => setOutputs(true)} data-testid="map-outputs">
        {t('outputs')}
      </Button>
      {documentId !== undefined && (
        <Suspense fallback={null}>
          {publishing && (
            <PublishDialog open libraryId={libraryId} target={{ documentId }} onPublished={() => setOutputs(true)} onClose={() => setPublishing(false)} />
          )}
          <Drawer open={outputs} title={t('outputs')} size="large" onClose={() => setOutputs(false)} destroyOnHidden>
            <OutputTable scope={{ documentId }} />
          </Drawer>
        </Suspense>
      )}
    </HasPermi>
  );
}
