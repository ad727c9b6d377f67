import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { useTitledMatches } from '../shared/route/use-route-meta';
import { useSettings } from '../state/settings-store';

/** The progress bar loads with the first navigation, off the first screen's budget. */
let progress: Promise<typeof import('./progress')> | null = null;
const loadProgress = () => {
  progress ??= import('./progress');
  return progress;
};

/** The browser tab title: the route's title (or a detail page's own, with dynamic title on) and the product name. */
function usePageTitle() {
  const matches = useTitledMatches();
  const { t } = useTranslation();
  const title = matches[matches.length - 1]?.title ?? '';
  const dynamicTitle = useSettings((s) => s.dynamicTitle);
  const dynamicText = useSettings((s) => s.dynamicText);
  const setTitle = useSettings((s) => s.setTitle);
  const product = t('productName');
  useEffect(() => {
    setTitle(title);
    const shown = dynamicTitle && dynamicText ? dynamicText : title;
    document.title = shown ? `${shown} - ${product}` : product;
  }, [title, dynamicTitle, dynamicText, product, setTitle]);
}

/** The guarded root: progress bar during navigation, the page title, and the page. */
export function RootShell() {
  const navigation = useNavigation();
  const idle = navigation.state === 'idle';
  useEffect(() => {
    if (!idle) loadProgress().then((m) => m.progressBar.start());
    else if (progress) progress.then((m) => m.progressBar.done());
  }, [idle]);
  usePageTitle();
  return (
    <Suspense fallback={null}>
      <Outlet />
    </Suspense>
  );
}
