import type { ReactNode } from 'react';
import { feedback } from '../feedback/feedback';
import { i18n } from '../i18n';

export interface ConfirmOptions {
  /** Defaults to the spec's "System prompt". */
  title?: ReactNode;
  okText?: string;
  cancelText?: string;
  type?: 'warning' | 'danger';
}

/**
 * The system message dialog of spec section 8: titled "System prompt" with OK and Cancel.
 * Resolves true on OK, false on Cancel or close.
 * Usage: `if (await confirmDialog(t('system:user.confirmDelete', { ids }))) await removeUsers(ids);`
 */
export function confirmDialog(content: ReactNode, options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    feedback.modal.confirm({
      title: options.title ?? i18n.t('common:systemPrompt'),
      content,
      okText: options.okText ?? i18n.t('common:ok'),
      cancelText: options.cancelText ?? i18n.t('common:cancel'),
      okButtonProps: options.type === 'danger' ? { danger: true } : {},
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
