import type { CatalogScope } from '@ccms/contracts/content/catalog';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProblemsTable } from './ProblemsTable';

/** The problems of a library branch, filtered by severity and code, page by page. */
export function LibraryProblemsDrawer({ scope, open, onClose }: { scope: CatalogScope; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('s1000d');
  return (
    <Drawer open={open} title={t('problems.title')} size={960} onClose={onClose} destroyOnHidden>
      <ProblemsTable scope={scope} filters onOpen={onClose} testId="s1000d-problems-drawer" />
    </Drawer>
  );
}
