import { EditOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOpenInEditor } from '../../editor-config/use-open-in-editor';
import { isTopicPath } from '../editor-paths';

export interface EditTopicButtonProps {
  libraryId: number;
  branch?: string | null | undefined;
  path: string;
  /** The document the topic is opened from: the editor's toc tab shows it. */
  documentId?: number | undefined;
  size?: ButtonProps['size'];
  type?: ButtonProps['type'];
}

/** "Edit": opens the topic in the editor its type is configured for (the entry point of lists, details, the toc, the explorer and search). */
export function EditTopicButton({ libraryId, branch, path, documentId, size = 'small', type = 'link' }: EditTopicButtonProps) {
  const { t } = useTranslation('topic-editor');
  const openInEditor = useOpenInEditor();
  if (!isTopicPath(path)) return null;
  return (
    <Button
      size={size}
      type={type}
      icon={<EditOutlined />}
      data-testid="edit-topic"
      onClick={(e) => {
        e.stopPropagation();
        void openInEditor({ libraryId, branch, path, documentId });
      }}
    >
      {t('edit')}
    </Button>
  );
}
