import { SendOutlined } from '@ant-design/icons';
import { DocumentPerm } from '@ccms/contracts/content/document';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';

// The publish feature owns outputs; its pieces load with this tab only.
const OutputTable = lazy(async () => ({ default: (await import('../../../publish/components/OutputTable')).OutputTable }));
const PublishDialog = lazy(async () => ({ default: (await import('../../../publish/components/PublishDialog')).PublishDialog }));

/** The output tab: publish the document's map, and its outputs (format, status with live progress, creator, time; open, download, delete). */
export function OutputTab({ documentId, libraryId }: { documentId: number; libraryId: number }) {
  const { t } = useTranslation('publish');
  const [publishing, setPublishing] = useState(false);
  return (
    <Suspense fallback={null}>
      <HasPermi value={[DocumentPerm.publish]}>
        <Button type="primary" ghost icon={<SendOutlined />} style={{ marginBottom: 12 }} onClick={() => setPublishing(true)}>
          {t('publish')}
        </Button>
      </HasPermi>
      <OutputTable scope={{ documentId }} />
      {publishing && <PublishDialog open libraryId={libraryId} target={{ documentId }} onClose={() => setPublishing(false)} />}
    </Suspense>
  );
}
