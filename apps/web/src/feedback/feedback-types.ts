import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** The dialog functions used outside React: callbacks (onOk/onCancel), never the returned handle's promise. */
export interface DialogApi {
  confirm(props: ModalFuncProps): unknown;
}

/** What the app root registers: antd's App instances (themed, localized). */
export interface Feedback {
  message: Pick<MessageInstance, 'error' | 'success' | 'warning' | 'info' | 'loading' | 'destroy'>;
  notification: Pick<NotificationInstance, 'error' | 'success' | 'warning' | 'info'>;
  modal: DialogApi;
}
