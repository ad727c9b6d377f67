import type { ModalFuncProps } from 'antd';
import type { ArgsProps as MessageArgs } from 'antd/es/message/interface';
import type { ArgsProps as NotificationArgs } from 'antd/es/notification/interface';
import type { Key, ReactNode } from 'react';
import type { Feedback } from './feedback-types';

export type { DialogApi, Feedback } from './feedback-types';

let current: Feedback | null = null;
let fallback: Promise<Feedback> | null = null;

/** Registered by the UI providers (or a test); null goes back to the static functions. */
export function setFeedback(next: Feedback | null) {
  current = next;
}

/**
 * Before the antd providers mount (the sign-in page carries no antd), the static antd functions
 * load on first use, so the first screen stays small.
 */
function withFeedback(run: (f: Feedback) => void) {
  if (current) {
    run(current);
    return;
  }
  fallback ??= import('./feedback-static').then((m) => m.staticFeedback);
  fallback.then((f) => run(current ?? f));
}

type MessageContent = ReactNode | MessageArgs;

/**
 * Toasts, notifications and dialogs for code outside React (the request layer, stores, helpers).
 * Usage: `feedback.message.error(text)`, `feedback.notification.error({ title })`, `feedback.modal.confirm({...})`.
 */
export const feedback = {
  message: {
    error: (content: MessageContent) => withFeedback((f) => f.message.error(content)),
    success: (content: MessageContent) => withFeedback((f) => f.message.success(content)),
    warning: (content: MessageContent) => withFeedback((f) => f.message.warning(content)),
    info: (content: MessageContent) => withFeedback((f) => f.message.info(content)),
    loading: (content: MessageContent) => withFeedback((f) => f.message.loading(content)),
    destroy: (key?: Key) => withFeedback((f) => f.message.destroy(key)),
  },
  notification: {
    error: (args: NotificationArgs) => withFeedback((f) => f.notification.error(args)),
    success: (args: NotificationArgs) => withFeedback((f) => f.notification.success(args)),
    warning: (args: NotificationArgs) => withFeedback((f) => f.notification.warning(args)),
    info: (args: NotificationArgs) => withFeedback((f) => f.notification.info(args)),
  },
  modal: {
    confirm: (props: ModalFuncProps) => withFeedback((f) => f.modal.confirm(props)),
  },
};
