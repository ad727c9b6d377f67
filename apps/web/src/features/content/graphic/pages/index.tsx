import { Card, Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { LibraryBar } from '../../shared/LibraryBar';
import { useLibraryScope } from '../../shared/use-library-scope';
import { VideosTab } from '../../video/components/VideosTab';
import { GraphicsTab } from '../components/GraphicsTab';
import '../resource.css';

/** Resources (menu component ccms/graphic/index): the graphics and videos of a library branch. */
export default function ResourcesPage() {
  const { t } = useTranslation('graphic');
  const scope = useLibraryScope({ fallback: 'first' });
  if (scope.noLibrary) return <Empty description={t('noLibrary')} />;
  return (
    <Card variant="borderless">
      <LibraryBar scope={scope} />
      {scope.libraryId === undefined ? (
        <Empty description={t('chooseLibrary')} />
      ) : (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'graphics', label: t('tabs.graphics'), children: <GraphicsTab scope={scope} /> },
            { key: 'videos', label: t('tabs.videos'), children: <VideosTab scope={scope} /> },
          ]}
        />
      )}
    </Card>
  );
}
