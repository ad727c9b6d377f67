import { ProfileOutlined, SendOutlined } from '@ant-design/icons';
import { DocumentPerm } from '@ccms/contracts/content/document';
import { Button, Drawer, Tooltip } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { slot } from '../../../../shared/slots/slots';
import { useDocumentAt } from '../../document/document-queries';

/**
 * Publish the map being edited (its document in the catalogue) with the library's publish
 * configs, and its outputs in a drawer. What is published is the branch as committed: save first.
 * The dialog and the output table are the publish area's (the publish slot, loaded when opened).
 */
export function MapPublish({ libraryId, branch, path, dirty }: { libraryId: number; branch: string; path: string; dirty: boolean }) {
  const { t } = useTranslation('map-editor');
  const doc = useDocumentAt(libraryId, branch, path);
  const [publishing, setPublishing] = useState(false);
  const [outputs, setOutputs] = useState(false);
  const documentId = doc.data?.documentId;
  const publish = slot('publish');
  if (!publish) return null;
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
            <publish.Dialog open libraryId={libraryId} target={{ documentId }} onPublished={() => setOutputs(true)} onClose={() => setPublishing(false)} />
          )}
          <Drawer open={outputs} title={t('outputs')} size="large" onClose={() => setOutputs(false)} destroyOnHidden>
            <publish.Outputs scope={{ documentId }} />
          </Drawer>
        </Suspense>
      )}
    </HasPermi>
  );
}
