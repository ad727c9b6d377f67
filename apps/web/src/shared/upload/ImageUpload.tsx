import { PlusOutlined } from '@ant-design/icons';
import { CommonApi } from '@ccms/contracts/common';
import { urlOf } from '@ccms/contracts/endpoint';
import { Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceUrl } from '../../api/client';
import { ImagePreviewDialog } from '../preview/ImagePreview';
import { fileNameOf, IMAGE_RULES } from './upload-rules';
import { useUploadField } from './use-upload';
import './upload.css';

export interface ImageUploadProps {
  /** Stored image paths, comma-separated. */
  value?: string;
  onChange?: (value: string) => void;
  /** Most images; default 5. */
  limit?: number;
  /** Size limit in MB (strictly smaller); default 5. */
  fileSize?: number;
  /** Accepted types; default png, jpg, jpeg. */
  fileType?: readonly string[];
  isShowTip?: boolean;
  disabled?: boolean;
  action?: string;
}

/**
 * Image upload field (picture cards) with the spec's image rules and messages, and the 800 px
 * preview dialog.
 * Usage: `<Form.Item name="images"><ImageUpload limit={1} /></Form.Item>`
 */
export function ImageUpload({
  value,
  onChange,
  limit = IMAGE_RULES.limit,
  fileSize = IMAGE_RULES.fileSize,
  fileType = IMAGE_RULES.fileType,
  isShowTip = true,
  disabled = false,
  action = urlOf(CommonApi.upload),
}: ImageUploadProps) {
  const { t } = useTranslation('shared');
  const [preview, setPreview] = useState('');
  const { paths, beforeUpload, customRequest, remove } = useUploadField({ value, onChange, rules: { limit, fileSize, fileType }, action, image: true });
  const fileList: UploadFile[] = paths.map((path, i) => ({ uid: `${i}-${path}`, name: fileNameOf(path), status: 'done', url: resourceUrl(path) }));

  return (
    <div className="image-upload">
      <Upload
        listType="picture-card"
        multiple
        accept={fileType.map((ext) => `.${ext}`).join(',')}
        fileList={fileList}
        disabled={disabled}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onPreview={(file) => setPreview(file.url ?? '')}
        onRemove={(file) => {
          remove(fileList.indexOf(file));
          return false;
        }}
        showUploadList={{ showRemoveIcon: !disabled }}
      >
        {!disabled && paths.length < limit && (
          <div className="image-upload-trigger">
            <PlusOutlined />
          </div>
        )}
      </Upload>
      {isShowTip && !disabled && (
        <div className="upload-tip">
          {t('upload.tipPrefix')}
          {fileSize > 0 && <> {t('upload.tipSize', { size: fileSize })}</>}
          {fileType.length > 0 && <> {t('upload.tipType', { types: fileType.join('/') })}</>}
          {t('upload.tipSuffix')}
        </div>
      )}
      <ImagePreviewDialog src={preview} open={preview !== ''} onClose={() => setPreview('')} />
    </div>
  );
}
