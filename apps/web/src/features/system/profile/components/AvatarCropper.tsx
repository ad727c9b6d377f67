import { RotateLeftOutlined, RotateRightOutlined, UploadOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { IMAGE_UPLOAD_TYPES } from '@ccms/contracts/constants';
import { App, Button, Modal, Space, Tooltip } from 'antd';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const VIEW = 240;
const OUTPUT = 200;

interface View {
  zoom: number;
  rotate: number;
  x: number;
  y: number;
}

/** Draws the image as the crop box shows it onto a square canvas of `size` pixels. */
function draw(canvas: HTMLCanvasElement, img: HTMLImageElement, view: View, size: number) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  canvas.width = size;
  canvas.height = size;
  const scale = size / VIEW;
  ctx.clearRect(0, 0, size, size);
  ctx.save();
  ctx.translate(size / 2 + view.x * scale, size / 2 + view.y * scale);
  ctx.rotate((view.rotate * Math.PI) / 180);
  // Fit the shorter side to the box at zoom 1.
  const fit = VIEW / Math.min(img.naturalWidth, img.naturalHeight);
  const w = img.naturalWidth * fit * view.zoom * scale;
  const h = img.naturalHeight * fit * view.zoom * scale;
  ctx.drawImage(img, -w / 2, -h / 2, w, h);
  ctx.restore();
}

export const isAvatarFile = (file: File) => IMAGE_UPLOAD_TYPES.some((ext) => file.type === `image/${ext}` || file.name.toLowerCase().endsWith(`.${ext}`));

/**
 * Avatar crop dialog: choose an image, drag to move, zoom and rotate, then submit a 200 px
 * square PNG through `onUpload`.
 */
export function AvatarCropper({
  open,
  current,
  onClose,
  onUpload,
}: {
  open: boolean;
  current: string;
  onClose: () => void;
  onUpload: (blob: Blob) => Promise<void>;
}) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const [src, setSrc] = useState(current);
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [view, setView] = useState<View>({ zoom: 1, rotate: 0, x: 0, y: 0 });
  const [busy, setBusy] = useState(false);
  const boxRef = useRef<HTMLCanvasElement>(null);
  const previewRef = useRef<HTMLCanvasElement>(null);
  const dragRef = useRef<{ x: number; y: number } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) {
      setSrc(current);
      setView({ zoom: 1, rotate: 0, x: 0, y: 0 });
    }
  }, [open, current]);

  useEffect(() => {
    if (!src) return;
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => setImg(image);
    image.src = src;
  }, [src]);

  useEffect(() => {
    if (!img) return;
    if (boxRef.current) draw(boxRef.current, img, view, VIEW);
    if (previewRef.current) draw(previewRef.current, img, view, 100);
  }, [img, view]);

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!isAvatarFile(file)) {
      message.error(t('avatarFormat'));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') {
        setSrc(reader.result);
        setView({ zoom: 1, rotate: 0, x: 0, y: 0 });
      }
    };
    reader.readAsDataURL(file);
  };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    dragRef.current = { x: e.clientX - view.x, y: e.clientY - view.y };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const start = dragRef.current;
    if (start) setView((v) => ({ ...v, x: e.clientX - start.x, y: e.clientY - start.y }));
  };
  const endDrag = () => {
    dragRef.current = null;
  };

  const zoom = (factor: number) => setView((v) => ({ ...v, zoom: Math.min(5, Math.max(0.2, v.zoom * factor)) }));
  const rotate = (deg: number) => setView((v) => ({ ...v, rotate: (v.rotate + deg) % 360 }));

  const submit = useCallback(async () => {
    if (!img) return;
    const canvas = document.createElement('canvas');
    draw(canvas, img, view, OUTPUT);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) return;
    setBusy(true);
    try {
      await onUpload(blob);
      onClose();
    } catch {
      // The request layer already reported it.
    } finally {
      setBusy(false);
    }
  }, [img, view, onUpload, onClose]);

  return (
    <Modal open={open} title={t('avatarTitle')} width={560} onCancel={onClose} footer={null} destroyOnHidden>
      <div className="avatar-cropper">
        <canvas
          ref={boxRef}
          className="avatar-crop-box"
          width={VIEW}
          height={VIEW}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onWheel={(e) => zoom(e.deltaY < 0 ? 1.1 : 1 / 1.1)}
        />
        <div className="avatar-crop-preview">
          <canvas ref={previewRef} width={100} height={100} aria-label={t('avatarPreview')} />
          <span>{t('avatarPreview')}</span>
        </div>
      </div>
      <div className="avatar-crop-actions">
        <input ref={fileRef} type="file" accept="image/png,image/jpeg" hidden onChange={(e) => pick(e.target.files?.[0])} />
        <Button icon={<UploadOutlined />} onClick={() => fileRef.current?.click()}>
          {t('selectImage')}
        </Button>
        <Space.Compact>
          <Tooltip title={t('zoomIn')}>
            <Button icon={<ZoomInOutlined />} aria-label={t('zoomIn')} onClick={() => zoom(1.1)} />
          </Tooltip>
          <Tooltip title={t('zoomOut')}>
            <Button icon={<ZoomOutOutlined />} aria-label={t('zoomOut')} onClick={() => zoom(1 / 1.1)} />
          </Tooltip>
          <Tooltip title={t('rotateLeft')}>
            <Button icon={<RotateLeftOutlined />} aria-label={t('rotateLeft')} onClick={() => rotate(-90)} />
          </Tooltip>
          <Tooltip title={t('rotateRight')}>
            <Button icon={<RotateRightOutlined />} aria-label={t('rotateRight')} onClick={() => rotate(90)} />
          </Tooltip>
        </Space.Compact>
        <Button type="primary" loading={busy} disabled={!img} onClick={submit}>
          {t('upload')}
        </Button>
      </div>
    </Modal>
  );
}
