import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Modal, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGenPreview } from '../gen-queries';
import { highlightTs } from '../highlight';
import '../gen.css';

/** Preview the generated files (RuoYi preview): one tab per file, highlighted, with its project path. */
export function PreviewDialog({ tableId, onClose }: { tableId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('tool');
  const { message } = App.useApp();
  const preview = useGenPreview(tableId);
  const files = preview.data ?? [];
  return (
    <Modal title={t('gen.previewTitle')} open={tableId !== undefined} onCancel={onClose} footer={null} width={1100} destroyOnHidden>
      {preview.isLoading ? (
        <Skeleton active />
      ) : (
        <Tabs
          tabPosition="left"
          items={files.map((f) => ({
            key: f.path,
            // The folder too: several files are named after the entity (contract, table, texts).
            label: f.path.split('/').slice(-2).join('/'),
            children: (
              <>
                <div className="gen-file-head">
                  <code data-testid="gen-file-path">{f.path}</code>{' '}
                  <Button
                    size="small"
                    icon={<CopyOutlined />}
                    onClick={() => navigator.clipboard?.writeText(f.content).then(() => message.success(t('gen.copied')))}
                  >
                    {t('gen.copy')}
                  </Button>
                </div>
                <pre className="gen-code" data-testid="gen-code">
                  {f.language === 'md' ? f.content : highlightTs(f.content)}
                </pre>
              </>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
