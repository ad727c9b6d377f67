import { Image, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceUrl } from '../../api/client';
import { splitValue } from '../upload/upload-rules';

/** The spec's image preview dialog width. */
export const PREVIEW_WIDTH = 800;

/**
 * An image in an 800 px dialog (spec section 2).
 * Usage: `<ImagePreviewDialog src={url} open={Boolean(url)} onClose={() => setUrl('')} />`
 */
export function ImagePreviewDialog({ src, open, onClose, title }: { src: string; open: boolean; onClose: () => void; title?: string }) {
  const { t } = useTranslation('shared');
  return (
    <Modal open={open} title={title ?? t('preview.title')} width={PREVIEW_WIDTH} footer={null} onCancel={onClose} destroyOnHidden>
      {src && <img src={resourceUrl(src)} alt={t('preview.alt')} style={{ display: 'block', width: '100%', height: 'auto' }} />}
    </Modal>
  );
}

/**
 * A thumbnail of stored images (comma-separated paths or URLs); click to view them all.
 * Usage: `<ImagePreview src={row.images} width={50} height={50} />`
 */
export function ImagePreview({ src, width, height }: { src: string | null | undefined; width?: number; height?: number }) {
  const { t } = useTranslation('shared');
  const urls = splitValue(src).map(resourceUrl);
  const [first, ...rest] = urls;
  if (!first) return null;
  return (
    <Image.PreviewGroup items={urls}>
      <Image src={first} width={width} height={height} alt={t('preview.alt')} style={{ objectFit: 'cover', borderRadius: 4 }} />
      {rest.length > 0 && <span className="image-preview-more">+{rest.length}</span>}
    </Image.PreviewGroup>
  );
}
