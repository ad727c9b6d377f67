import { Alert, Button, Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { InnerLink } from '../../../../app/layout/InnerLink';
import { useEditorResolution } from '../editor-config-queries';
import { editorRoute } from '../use-open-in-editor';

/**
 * /ccms/editor/webAuthor?libraryId=&branch=&path=: the file's editor link, inside the app
 * (InnerLink frame, the spec's height rule) or in a new window, as the link says.
 */
export default function WebAuthorPage() {
  const { t } = useTranslation('editor-config');
  const [params] = useSearchParams();
  const libraryId = Number(params.get('libraryId'));
  const path = params.get('path') ?? '';
  const branch = params.get('branch') ?? undefined;
  const query = libraryId > 0 && path ? { libraryId, path, ...(branch ? { branch } : {}) } : null;
  const resolution = useEditorResolution(query);
  const opened = useRef(false);
  const navigate = useNavigate();
  const data = resolution.data;

  // A file whose editor is built in (no link configured for it) opens in that editor instead.
  const builtIn = query && data && data.editor !== 'link' ? editorRoute(data, query) : undefined;
  useEffect(() => {
    if (builtIn) navigate(builtIn, { replace: true });
  }, [builtIn, navigate]);

  useEffect(() => {
    if (data?.editor === 'link' && data.target === 'window' && data.url && !opened.current) {
      opened.current = true;
      window.open(data.url, '_blank', 'noopener');
    }
  }, [data]);

  if (!query) return <Result status="warning" title={t('missingFile')} />;
  if (resolution.isLoading) return <Spin tip={t('opening')} fullscreen />;
  if (resolution.error) return <Alert type="error" showIcon title={resolution.error.message} />;
  if (builtIn) return <Spin tip={t('opening')} fullscreen />;
  if (data?.editor === 'view') return <Result status="info" title={t('readOnly')} />;
  if (!data?.url) return <InnerLink src="" />;
  if (data.target === 'window')
    return (
      <Result
        status="success"
        title={t('openedInWindow', { label: data.label ?? '' })}
        extra={
          <Button type="primary" onClick={() => window.open(data.url ?? '', '_blank', 'noopener')}>
            {t('openAgain')}
          </Button>
        }
      />
    );
  return <InnerLink src={data.url} />;
}
