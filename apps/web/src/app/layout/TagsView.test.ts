import type { NavigateFunction } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type TagView, useTags } from '../../state/tags-store';
import { menuActions, toLastView } from './TagsView';

const view = (path: string, extra: Partial<TagView['handle']> = {}): TagView => ({
  path,
  fullPath: path,
  name: path,
  handle: { titles: { zh: path, en: path }, ...extra },
});
const home = view('/index', { affix: true });
const [a, b, c] = [view('/a'), view('/b'), view('/c', { noCache: true })];
const paths = (views: readonly TagView[]) => views.map((v) => v.path);

beforeEach(() => {
  useTags.setState({ visitedViews: [], cachedViews: [] });
  const s = useTags.getState();
  s.addAffixViews([home]);
  for (const v of [a, b, c]) s.addView(v);
});

describe('tag store', () => {
  it('adds each page once and caches all but noCache pages', () => {
    useTags.getState().addView(a);
    expect(paths(useTags.getState().visitedViews)).toEqual(['/index', '/a', '/b', '/c']);
    expect(useTags.getState().cachedViews).toEqual(['/a', '/b']);
  });

  it('close current, others, left, right and all keep pinned tabs', () => {
    const s = useTags.getState();
    expect(paths(s.delView(b))).toEqual(['/index', '/a', '/c']);
    expect(useTags.getState().cachedViews).toEqual(['/a']);
    s.addView(b);
    expect(paths(s.delLeftViews(c))).toEqual(['/index', '/c', '/b']);
    s.addView(a);
    expect(paths(s.delRightViews(c))).toEqual(['/index', '/c']);
    for (const v of [a, b]) s.addView(v);
    expect(paths(s.delOthersViews(a))).toEqual(['/index', '/a']);
    expect(paths(s.delAllViews())).toEqual(['/index']);
    expect(useTags.getState().cachedViews).toEqual([]);
  });
});

describe('tag context menu rules', () => {
  it('hides close current on pinned tabs, close left/right when nothing closable is on that side', () => {
    const views = useTags.getState().visitedViews;
    expect(menuActions(views, home)).toMatchObject({ closeCurrent: false, closeLeft: false, closeRight: true });
    expect(menuActions(views, a)).toMatchObject({ closeCurrent: true, closeLeft: false, closeRight: true });
    expect(menuActions(views, b)).toMatchObject({ closeLeft: true, closeRight: true });
    expect(menuActions(views, c)).toMatchObject({ closeLeft: true, closeRight: false });
    expect(menuActions(views, c)).toMatchObject({ refresh: true, closeOthers: true, closeAll: true });
  });

  it('after closing goes to the last remaining tab, else home; the dashboard reloads itself', () => {
    const navigate = vi.fn() as unknown as NavigateFunction & ReturnType<typeof vi.fn>;
    toLastView(navigate, [home, a], b);
    expect(navigate).toHaveBeenLastCalledWith('/a');
    toLastView(navigate, [], b);
    expect(navigate).toHaveBeenLastCalledWith('/');
    toLastView(navigate, [], home);
    expect(navigate).toHaveBeenLastCalledWith('/redirect/index', { replace: true });
  });
});
