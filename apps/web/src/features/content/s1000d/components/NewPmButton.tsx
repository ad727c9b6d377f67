import { PlusOutlined } from '@ant-design/icons';
import { S1000dAuthorPerm } from '@ccms/contracts/content/s1000d-authoring';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { NewPmDialog } from './NewPmDialog';

/** "New publication module" of an S1000D library's document list. */
export function NewPmButton({ libraryId, branch }: { libraryId: number; branch?: string | undefined }) {
  const { t } = useTranslation('s1000d');
  const [open, setOpen] = useState(false);
  return (
    <HasPermi value={[S1000dAuthorPerm.create]}>
      <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="new-pm">
        {t('newPm.button')}
      </Button>
      <NewPmDialog open={open} libraryId={libraryId} branch={branch} onClose={() => setOpen(false)} />
    </HasPermi>
  );
}
