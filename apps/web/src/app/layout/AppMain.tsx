import { Spin } from 'antd';
import { Activity, type ReactNode, Suspense, useRef } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useCurrentRoute } from '../../shared/route/use-route-meta';
import { useSettings } from '../../state/settings-store';
import { useTags } from '../../state/tags-store';

const PageLoading = () => (
  <div className="page-loading">
    <Spin />
  </div>
);

/**
 * The page area. With the tag bar on, visited pages stay mounted (hidden) so switching tabs keeps
 * their state, like RuoYi's keep-alive; pages marked noCache and closed tabs are dropped.
 */
export function AppMain() {
  const outlet = useOutlet();
  const location = useLocation();
  const { handle } = useCurrentRoute();
  const tagsView = useSettings((s) => s.tagsView);
  const cachedViews = useTags((s) => s.cachedViews);
  const cache = useRef(new Map<string, ReactNode>());
  const key = location.pathname;
  const cacheable = tagsView && handle !== undefined && !handle.noCache && !handle.noTag;

  if (cacheable) cache.current.set(key, outlet);
  for (const path of [...cache.current.keys()]) {
    if (path !== key && !cachedViews.includes(path)) cache.current.delete(path);
    if (path === key && !cacheable) cache.current.delete(path);
  }

  return (
    <section className="app-main">
      <Suspense fallback={<PageLoading />}>
        {[...cache.current].map(([path, element]) => (
          <Activity key={path} mode={path === key ? 'visible' : 'hidden'}>
            <div className="app-page">{element}</div>
          </Activity>
        ))}
        {!cacheable && (
          <div className="app-page" key={key}>
            {outlet}
          </div>
        )}
      </Suspense>
    </section>
  );
}
