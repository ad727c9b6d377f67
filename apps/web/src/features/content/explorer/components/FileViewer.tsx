import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditTopicButton } from '../../topic-editor/components/EditTopicButton';
import { type At, explorerApi } from '../explorer-api';
import { useExplorerFile } from '../explorer-queries';
import { isImagePath, isXmlPath } from '../xml-highlight';
import { XmlView } from './XmlView';
import '../explorer.css';

/** Text beyond this is cut: the browser stays responsive on huge files. */
const MAX_CHARS = 400_000;

export interface FileViewerProps {
  at: At;
  path: string | null;
  onClose: () => void;
}

/** A file at a ref: XML highlighted, images shown, other text as is, binaries offered as download. */
export function FileViewer({ at, path, onClose }: FileViewerProps) {
  const { t } = useTranslation('explorer');
  const file = useExplorerFile(at, path);
  const name = path?.split('/').pop() ?? '';
  const data = file.data;
  let body: React.ReactNode = null;
  if (data) {
    if (data.encoding === 'base64' && (isImagePath(data.path) || data.contentType.startsWith('image/'))) {
      body = <img className="ccms-image" alt={name} src={`data:${data.contentType};base64,${data.content}`} />;
    } else if (data.encoding === 'base64') {
      body = <Empty description={t('binary')} />;
    } else {
      const cut = data.content.length > MAX_CHARS;
      const text = cut ? data.content.slice(0, MAX_CHARS) : data.content;
      body = (
        <>
          {cut && <Alert type="info" showIcon title={t('tooLarge', { count: MAX_CHARS })} style={{ marginBottom: 8 }} />}
          {isXmlPath(data.path) ? (
            <XmlView source={text} />
          ) : (
            <pre className="ccms-code" data-testid="file-content">
              {text}
            </pre>
          )}
        </>
      );
    }
  }
  return (
    <Drawer
      open={path !== null}
      onClose={onClose}
      title={name}
      size="large"
      styles={{ wrapper: { width: 'min(900px, 100vw)' } }}
      extra={
        path && (
          <>
            <EditTopicButton libraryId={at.libraryId} branch={at.ref} path={path} size="middle" type="primary" />{' '}
            <Button icon={<DownloadOutlined />} onClick={() => explorerApi.download({ ...at, path }, name)}>
              {t('download')}
            </Button>
          </>
        )
      }
    >
      <Spin spinning={file.isLoading}>
        {data?.stale && <Alert type="warning" showIcon title={t('staleFile')} style={{ marginBottom: 8 }} data-testid="file-stale" />}
        {body}
      </Spin>
    </Drawer>
  );
}
