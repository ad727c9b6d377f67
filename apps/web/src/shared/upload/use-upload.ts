import type { UploadResult } from '@ccms/contracts/common';
import type { UploadProps } from 'antd';
import { Upload } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { request } from '../../api/client';
import { ApiError } from '../../api/errors';
import { feedback } from '../../feedback/feedback';
import { joinValue, refusal, splitValue, UploadQueue, type UploadRules } from './upload-rules';

type UploadAnswer = z.infer<typeof UploadResult>;

const LOADING_KEY = 'ccms-upload';

export interface UploadFieldOptions {
  value: string | undefined;
  onChange: ((value: string) => void) | undefined;
  rules: UploadRules;
  /** Where files go; the answer's fileName is what the field keeps. Default /common/upload. */
  action: string;
  image: boolean;
}

/**
 * The behaviour FileUpload and ImageUpload share: checks before upload with the spec's messages,
 * the pending counter with one merge when all are done, the loading message, comma-separated values.
 */
export function useUploadField({ value, onChange, rules, action, image }: UploadFieldOptions) {
  const { t } = useTranslation('shared');
  const queue = useRef(new UploadQueue());
  const latest = useRef(value);
  latest.current = value;
  const paths = splitValue(value);

  const emit = (next: string[]) => onChange?.(joinValue(next));

  const merge = (batch: string[] | null) => {
    if (!batch) return;
    emit([...splitValue(latest.current), ...batch]);
    feedback.message.destroy(LOADING_KEY);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const index = batch.indexOf(file);
    const held = paths.length + queue.current.size;
    // Too many in this selection: refuse the whole selection with one message.
    if (rules.limit > 0 && held + batch.length > rules.limit) {
      if (index === 0) feedback.message.error(t('upload.tooMany', { limit: rules.limit }));
      return Upload.LIST_IGNORE;
    }
    const refused = refusal(file, rules, held);
    if (refused) {
      const types = rules.fileType.join('/');
      if (refused.reason === 'format') feedback.message.error(t(image ? 'upload.wrongImageFormat' : 'upload.wrongFormat', { types }));
      else if (refused.reason === 'size') feedback.message.error(t(image ? 'upload.tooLargeImage' : 'upload.tooLarge', { size: rules.fileSize }));
      else feedback.message.error(t('upload.tooMany', { limit: rules.limit }));
      return Upload.LIST_IGNORE;
    }
    if (queue.current.size === 0) feedback.message.loading({ content: t(image ? 'upload.imageUploading' : 'upload.uploading'), duration: 0, key: LOADING_KEY });
    queue.current.accept();
    return true;
  };

  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    const form = new FormData();
    if (!(file instanceof Blob)) return;
    form.append('file', file);
    try {
      const res = await request<UploadAnswer>({ url: action, method: 'post', data: form, silent: true, headers: { 'Content-Type': 'multipart/form-data' } });
      onSuccess?.(res);
      merge(queue.current.succeed(res.fileName));
    } catch (err) {
      // The server's refusal says why; a lost connection or timeout is the generic failure.
      const text = err instanceof ApiError && err.code !== undefined && err.message ? err.message : t('upload.failed');
      feedback.message.destroy(LOADING_KEY);
      feedback.message.error(text);
      onError?.(err instanceof Error ? err : new Error(text));
      merge(queue.current.fail());
    }
  };

  const remove = (index: number) => emit(paths.filter((_, i) => i !== index));

  return { paths, beforeUpload, customRequest, remove };
}
