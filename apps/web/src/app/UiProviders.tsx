import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { setFeedback } from '../feedback/feedback';
import { useLanguage } from '../shared/route/use-route-meta';
import { useReducedMotion } from '../shared/use-reduced-motion';
import { ANTD_SIZE, useAppStore } from '../state/app-store';
import { useSettings } from '../state/settings-store';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** Hands antd's themed message/notification/modal to code outside React (the request layer). */
function FeedbackBridge() {
  const app = AntApp.useApp();
  useEffect(() => {
    setFeedback(app);
    return () => setFeedback(null);
  }, [app]);
  return null;
}

/**
 * antd and data providers for every page but sign-in (which stays small): theme colour as the
 * primary token, the stored size (large/default/small -> large/middle/small), the language, and no
 * animations when the system asks for reduced motion.
 */
export function UiProviders() {
  const lang = useLanguage();
  const size = useAppStore((s) => s.size);
  const theme = useSettings((s) => s.theme);
  const reducedMotion = useReducedMotion();

  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  useEffect(() => {
    document.documentElement.style.setProperty('--nprogress-color', theme);
  }, [theme]);

  return (
    <ConfigProvider
      locale={lang === 'zh' ? zhCN : enUS}
      componentSize={ANTD_SIZE[size]}
      theme={{ token: { colorPrimary: theme, borderRadius: 4, motion: !reducedMotion } }}
    >
      <AntApp className="ccms-app">
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
