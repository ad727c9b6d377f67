import { PlusOutlined } from '@ant-design/icons';
import { S1000dAuthorPerm } from '@ccms/contracts/content/s1000d-authoring';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { NewModuleDialog } from './NewModuleDialog';

/** "New data module" and its DMC builder: what an S1000D library offers where a DITA library offers "New topic". */
export function NewModuleButton({ libraryId, branch }: { libraryId: number; branch?: string | undefined; folder?: string | undefined }) {
  const { t } = useTranslation('s1000d');
  const [open, setOpen] = useState(false);
  return (
    <HasPermi value={[S1000dAuthorPerm.create]}>
      <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="new-module" style={{ marginBottom: 8 }}>
        {t('newModule.button')}
      </Button>
      <NewModuleDialog open={open} libraryId={libraryId} branch={branch} onClose={() => setOpen(false)} />
    </HasPermi>
  );
}
