import { DEFAULT_THEME_COLOR } from '@ccms/contracts/constants';
import { ConfigProvider, Modal, message, notification } from 'antd';
import type { Feedback } from './feedback-types';

// Static toasts render outside the app's providers: give them the product's primary colour.
ConfigProvider.config({
  holderRender: (children) => <ConfigProvider theme={{ token: { colorPrimary: DEFAULT_THEME_COLOR, borderRadius: 4 } }}>{children}</ConfigProvider>,
});

/** antd's static functions, used only before the UI providers mount (the sign-in page). */
export const staticFeedback: Feedback = {
  message,
  notification,
  modal: { confirm: (props) => Modal.confirm(props) },
};
