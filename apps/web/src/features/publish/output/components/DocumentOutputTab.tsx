import { SendOutlined } from '@ant-design/icons';
import { DocumentPerm } from '@ccms/contracts/content/document';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import type { DocumentTabProps } from '../../../../shared/slots/slots';
import { OutputTable } from './OutputTable';
import { PublishDialog } from './PublishDialog';

/**
 * The document page's output tab (the document-tabs slot, loaded with the tab): publish the
 * document's map, and its outputs (format, status with live progress, creator, time; open, download, delete).
 */
export function DocumentOutputTab({ documentId, libraryId }: DocumentTabProps) {
  const { t } = useTranslation('output');
  const [publishing, setPublishing] = useState(false);
  return (
    <>
      <HasPermi value={[DocumentPerm.publish]}>
        <Button type="primary" ghost icon={<SendOutlined />} style={{ marginBottom: 12 }} onClick={() => setPublishing(true)}>
          {t('publish')}
        </Button>
      </HasPermi>
      <OutputTable scope={{ documentId }} />
      {publishing && <PublishDialog open libraryId={libraryId} target={{ documentId }} onClose={() => setPublishing(false)} />}
    </>
  );
}
