import { PlusOutlined } from '@ant-design/icons';
import { TopicEditorPerm } from '@ccms/contracts/content/topic-editor';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { NewTopicDialog } from './NewTopicDialog';

/** "New topic" and its dialog; the editor opens on the new topic. */
export function NewTopicButton({ libraryId, branch, folder }: { libraryId: number; branch?: string | undefined; folder?: string | undefined }) {
  const { t } = useTranslation('topic-editor');
  const [open, setOpen] = useState(false);
  return (
    <HasPermi value={[TopicEditorPerm.add]}>
      <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="new-topic" style={{ marginBottom: 8 }}>
        {t('newTopic.button')}
      </Button>
      <NewTopicDialog open={open} libraryId={libraryId} branch={branch} folder={folder} onClose={() => setOpen(false)} />
    </HasPermi>
  );
}
