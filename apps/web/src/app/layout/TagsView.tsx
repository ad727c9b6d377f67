import { CloseOutlined } from '@ant-design/icons';
import { CONTEXT_MENU_OFFSET, CONTEXT_MENU_WIDTH } from '@ccms/contracts/constants';
import { type MouseEvent, useCallback, useEffect, useLayoutEffect, useRef, useState, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { useCurrentRoute, useLanguage, useTitledMatches } from '../../shared/route/use-route-meta';
import { usePermission } from '../../state/permission-store';
import { type RouteHandle, titleOf } from '../../state/route-meta';
import { type TagView, useTags } from '../../state/tags-store';
import { affixRoutes } from '../router/dynamic-routes';

const HOME: TagView = { path: '/index', fullPath: '/index', name: 'Index', handle: { titleKey: 'home', affix: true } };

const isAffix = (v: TagView) => v.handle.affix === true;

/**
 * Where to go after closing: the last remaining tab, else home; when the closed tab was the
 * dashboard itself, reload it through the redirect helper.
 */
export function toLastView(navigate: NavigateFunction, remaining: readonly TagView[], closed: TagView) {
  const latest = remaining[remaining.length - 1];
  if (latest) navigate(latest.fullPath);
  else if (closed.path === HOME.path) navigate(`/redirect${closed.fullPath}`, { replace: true });
  else navigate('/');
}

/** Which context-menu actions show for a tag (spec section 2 hide rules). */
export function menuActions(views: readonly TagView[], selected: TagView) {
  const index = views.findIndex((v) => v.path === selected.path);
  return {
    refresh: true,
    closeCurrent: !isAffix(selected),
    closeOthers: true,
    closeLeft: views.slice(0, Math.max(index, 0)).some((v) => !isAffix(v)),
    closeRight: index >= 0 && views.slice(index + 1).some((v) => !isAffix(v)),
    closeAll: true,
  };
}

/** Adds the current page to the tabs on every navigation (the redirect helper excepted). */
function useTrackVisited() {
  const location = useLocation();
  const { id, handle } = useCurrentRoute();
  const titled = useTitledMatches();
  const addView = useTags((s) => s.addView);
  const updateVisitedView = useTags((s) => s.updateVisitedView);
  const hasTitle = titled.length > 0;
  useEffect(() => {
    if (!handle || handle.noTag || !hasTitle) return;
    const view: TagView = { path: location.pathname, fullPath: `${location.pathname}${location.search}`, name: id, handle };
    addView(view);
    updateVisitedView(view);
  }, [location.pathname, location.search, id, handle, hasTitle, addView, updateVisitedView]);
}

/** Pinned tabs: home plus the server's affix menus. */
function useAffixTags() {
  const menus = usePermission((s) => s.menus);
  const addAffixViews = useTags((s) => s.addAffixViews);
  useEffect(() => {
    const fromServer = affixRoutes(menus).map((r): TagView => ({ path: r.path, fullPath: r.path, name: r.name, handle: r.handle }));
    addAffixViews([HOME, ...fromServer]);
  }, [menus, addAffixViews]);
}

interface MenuState {
  left: number;
  top: number;
  tag: TagView;
}

function TagLabel({ handle }: { handle: RouteHandle }) {
  const { t } = useTranslation('layout');
  const lang = useLanguage();
  return <>{titleOf(handle, lang, t)}</>;
}

/** The tab bar of visited pages, with its right-click menu (spec section 2). */
export function TagsView() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const location = useLocation();
  const views = useTags((s) => s.visitedViews);
  const tags = useTags();
  const [menu, setMenu] = useState<MenuState | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  useTrackVisited();
  useAffixTags();

  const isActive = (v: TagView) => v.path === location.pathname;

  // Keep the active tab in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the active tab or the tab count changes
  useLayoutEffect(() => {
    const el = scrollRef.current?.querySelector<HTMLElement>('.tags-view-item.active');
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [location.pathname, views.length]);

  const closeMenu = useCallback(() => setMenu(null), []);
  useEffect(() => {
    if (!menu) return;
    document.addEventListener('click', closeMenu);
    return () => document.removeEventListener('click', closeMenu);
  }, [menu, closeMenu]);

  const openMenu = (tag: TagView, e: MouseEvent) => {
    e.preventDefault();
    const root = rootRef.current;
    // RuoYi's placement: 15 px right of the pointer, kept 105 px inside the bar's right edge.
    const offsetLeft = root?.getBoundingClientRect().left ?? 0;
    const maxLeft = (root?.offsetWidth ?? window.innerWidth) - CONTEXT_MENU_WIDTH;
    const left = e.clientX - offsetLeft + CONTEXT_MENU_OFFSET;
    setMenu({ left: offsetLeft + Math.min(left, maxLeft), top: e.clientY, tag });
  };

  const refresh = (view: TagView) => {
    tags.delCachedView(view.path);
    navigate(`/redirect${view.fullPath}`, { replace: true });
  };
  const closeSelected = (view: TagView) => {
    if (isAffix(view)) return;
    const remaining = tags.delView(view);
    if (isActive(view)) toLastView(navigate, remaining, view);
  };
  const closeOthers = (view: TagView) => {
    navigate(view.fullPath);
    tags.delOthersViews(view);
  };
  const closeSide = (view: TagView, side: 'left' | 'right') => {
    const remaining = side === 'left' ? tags.delLeftViews(view) : tags.delRightViews(view);
    if (!remaining.some(isActive)) toLastView(navigate, remaining, view);
  };
  const closeAll = (view: TagView) => {
    const remaining = tags.delAllViews();
    if (remaining.some(isActive)) return;
    toLastView(navigate, remaining, view);
  };

  // A vertical wheel scrolls the bar sideways; any scroll hides the menu.
  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    closeMenu();
    if (scrollRef.current && Math.abs(e.deltaY) > Math.abs(e.deltaX)) scrollRef.current.scrollLeft += e.deltaY;
  };

  const actions = menu ? menuActions(views, menu.tag) : null;
  const run = (fn: (v: TagView) => void) => () => {
    if (menu) fn(menu.tag);
    setMenu(null);
  };

  return (
    <div className="tags-view-container" ref={rootRef}>
      <div className="tags-view-wrapper" ref={scrollRef} onScroll={closeMenu} onWheel={onWheel} role="tablist">
        {views.map((view) => (
          <div
            key={view.path}
            role="tab"
            tabIndex={0}
            aria-selected={isActive(view)}
            data-path={view.path}
            className={`tags-view-item${isActive(view) ? ' active' : ''}${isAffix(view) ? ' affix' : ''}`}
            onClick={() => navigate(view.fullPath)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') navigate(view.fullPath);
            }}
            onMouseUp={(e) => {
              // Middle click closes (pinned tabs excepted).
              if (e.button === 1) closeSelected(view);
            }}
            onContextMenu={(e) => openMenu(view, e)}
          >
            <TagLabel handle={view.handle} />
            {!isAffix(view) && (
              <CloseOutlined
                className="tags-view-close"
                aria-label={t('tags.close')}
                onClick={(e) => {
                  e.stopPropagation();
                  closeSelected(view);
                }}
              />
            )}
          </div>
        ))}
      </div>
      {menu && actions && (
        <div className="contextmenu" style={{ left: menu.left, top: menu.top, minWidth: CONTEXT_MENU_WIDTH }} role="menu">
          {(
            [
              ['refresh', actions.refresh, refresh],
              ['closeCurrent', actions.closeCurrent, closeSelected],
              ['closeOthers', actions.closeOthers, closeOthers],
              ['closeLeft', actions.closeLeft, (v: TagView) => closeSide(v, 'left')],
              ['closeRight', actions.closeRight, (v: TagView) => closeSide(v, 'right')],
              ['closeAll', actions.closeAll, closeAll],
            ] as const
          ).map(([key, shown, fn]) =>
            shown ? (
              <button key={key} type="button" role="menuitem" onClick={run(fn)}>
                {t(`tags.${key}`)}
              </button>
            ) : null,
          )}
        </div>
      )}
    </div>
  );
}
