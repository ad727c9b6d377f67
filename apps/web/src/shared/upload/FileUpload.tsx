import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { CommonApi } from '@ccms/contracts/common';
import { urlOf } from '@ccms/contracts/endpoint';
import { Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceUrl } from '../../api/client';
import { acceptOf, extensionOf, FILE_RULES, fileNameOf } from './upload-rules';
import { useUploadField } from './use-upload';
import './upload.css';

export interface FileUploadProps {
  /** Stored paths, comma-separated (what /common/upload answers as fileName). */
  value?: string;
  onChange?: (value: string) => void;
  /** Most files; default 5. */
  limit?: number;
  /** Size limit in MB (strictly smaller); default 5. */
  fileSize?: number;
  /** Accepted types by MIME type or extension; default doc, xls, ppt, txt, pdf. */
  fileType?: readonly string[];
  /** Show the "please upload ... files" hint; default true. */
  isShowTip?: boolean;
  disabled?: boolean;
  /** Upload URL under the API base; default /common/upload. */
  action?: string;
}

/**
 * File upload field with the spec's rules and messages (section 5); works as an antd form control.
 * Usage: `<Form.Item name="attachments"><FileUpload limit={3} fileType={['pdf', 'docx']} /></Form.Item>`
 */
export function FileUpload({
  value,
  onChange,
  limit = FILE_RULES.limit,
  fileSize = FILE_RULES.fileSize,
  fileType = FILE_RULES.fileType,
  isShowTip = true,
  disabled = false,
  action = urlOf(CommonApi.upload),
}: FileUploadProps) {
  const { t } = useTranslation('shared');
  const { paths, beforeUpload, customRequest, remove } = useUploadField({ value, onChange, rules: { limit, fileSize, fileType }, action, image: false });
  const accept = acceptOf(fileType);

  return (
    <div className="file-upload">
      {!disabled && (
        <Upload multiple showUploadList={false} accept={accept || undefined} beforeUpload={beforeUpload} customRequest={customRequest}>
          <Button icon={<UploadOutlined />}>{t('upload.selectFile')}</Button>
        </Upload>
      )}
      {isShowTip && !disabled && (
        <div className="upload-tip">
          {t('upload.tipPrefix')}
          {fileSize > 0 && <> {t('upload.tipSize', { size: fileSize })}</>}
          {fileType.length > 0 && <> {t('upload.tipType', { types: fileType.join('/') })}</>}
          {t('upload.tipSuffix')}
        </div>
      )}
      {paths.length > 0 && (
        <ul className="upload-file-list">
          {paths.map((path, i) => (
            <li key={path}>
              <a href={resourceUrl(path)} target="_blank" rel="noopener noreferrer" data-ext={extensionOf(path)}>
                <PaperClipOutlined /> {fileNameOf(path)}
              </a>
              {!disabled && (
                <Button type="link" danger size="small" onClick={() => remove(i)}>
                  {t('upload.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
