import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { DefaultEditorTable } from '../components/DefaultEditorTable';
import { EditorLinkList } from '../components/EditorLinkList';

/** Editor config (menu component ccms/editorConfig/index): editor links and the default editor per suffix. */
export default function EditorConfigPage() {
  const { t } = useTranslation('editor-config');
  return (
    <div className="app-container">
      <Tabs
        items={[
          { key: 'links', label: t('links'), children: <EditorLinkList /> },
          { key: 'defaults', label: t('defaults'), children: <DefaultEditorTable /> },
        ]}
      />
    </div>
  );
}
