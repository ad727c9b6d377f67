import { create } from 'zustand';
import type { RouteHandle } from './route-meta';

/** One visited page in the tag bar (spec section 3, tag-view entry). */
export interface TagView {
  /** Pathname: the tab's identity. */
  path: string;
  /** Pathname with query: where the tab goes back to. */
  fullPath: string;
  /** Route id; pages are kept alive per path. */
  name: string;
  handle: RouteHandle;
}

export interface TagsState {
  visitedViews: TagView[];
  /** Paths whose page stays mounted (kept alive) while another tab shows. */
  cachedViews: string[];
  addView(view: TagView): void;
  addAffixViews(views: TagView[]): void;
  updateVisitedView(view: TagView): void;
  delView(view: TagView): TagView[];
  delCachedView(path: string): void;
  delOthersViews(view: TagView): TagView[];
  delLeftViews(view: TagView): TagView[];
  delRightViews(view: TagView): TagView[];
  delAllViews(): TagView[];
}

const affix = (v: TagView) => v.handle.affix === true;

export const useTags = create<TagsState>()((set, get) => {
  /** Keeps only the cached paths whose tab is still open. */
  const commit = (visitedViews: TagView[]) => {
    const open = new Set(visitedViews.map((v) => v.path));
    set({ visitedViews, cachedViews: get().cachedViews.filter((p) => open.has(p)) });
    return visitedViews;
  };

  return {
    visitedViews: [],
    cachedViews: [],

    addView(view) {
      const { visitedViews, cachedViews } = get();
      const next = visitedViews.some((v) => v.path === view.path) ? visitedViews : [...visitedViews, view];
      const cache = view.handle.noCache || cachedViews.includes(view.path) ? cachedViews : [...cachedViews, view.path];
      set({ visitedViews: next, cachedViews: cache });
    },
    addAffixViews(views) {
      const { visitedViews } = get();
      const missing = views.filter((a) => !visitedViews.some((v) => v.path === a.path));
      if (missing.length > 0) set({ visitedViews: [...missing, ...visitedViews] });
    },
    updateVisitedView(view) {
      set({ visitedViews: get().visitedViews.map((v) => (v.path === view.path ? { ...v, fullPath: view.fullPath, handle: view.handle } : v)) });
    },
    delView(view) {
      return commit(get().visitedViews.filter((v) => v.path !== view.path));
    },
    delCachedView(path) {
      set({ cachedViews: get().cachedViews.filter((p) => p !== path) });
    },
    delOthersViews(view) {
      return commit(get().visitedViews.filter((v) => affix(v) || v.path === view.path));
    },
    delLeftViews(view) {
      const views = get().visitedViews;
      const index = views.findIndex((v) => v.path === view.path);
      if (index < 0) return views;
      return commit(views.filter((v, i) => i >= index || affix(v)));
    },
    delRightViews(view) {
      const views = get().visitedViews;
      const index = views.findIndex((v) => v.path === view.path);
      if (index < 0) return views;
      return commit(views.filter((v, i) => i <= index || affix(v)));
    },
    delAllViews() {
      return commit(get().visitedViews.filter(affix));
    },
  };
});
