import type { RouterNode } from '@ccms/contracts/system/auth';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { toMenuNodes } from '../../state/permission-store';
import { ancestorKeys, menuEntries, selectedKey } from '../layout/menu-model';
import { affixRoutes, buildDynamicRoutes } from './dynamic-routes';
import { hasPage, PAGES } from './pages';

const Blank = () => null;

const meta = (zh: string, en: string, extra: Partial<NonNullable<RouterNode['meta']>> = {}) => ({
  title: zh,
  titles: { zh, en },
  icon: 'system',
  noCache: false,
  link: null,
  ...extra,
});

const MENUS: RouterNode[] = [
  {
    name: 'System',
    path: '/system',
    hidden: false,
    component: 'Layout',
    alwaysShow: true,
    redirect: 'noRedirect',
    meta: meta('系统管理', 'System'),
    children: [
      { name: 'Widget', path: 'widget', hidden: false, component: 'test/widget/index', meta: meta('部件', 'Widgets') },
      { name: 'Secret', path: 'secret', hidden: true, component: 'system/secret/index', meta: meta('隐藏', 'Hidden') },
      {
        name: 'Log',
        path: 'log',
        hidden: false,
        component: 'ParentView',
        alwaysShow: true,
        meta: meta('日志', 'Logs'),
        children: [{ name: 'Oper', path: 'operlog', hidden: false, component: 'test/operlog/index', meta: meta('操作日志', 'Operation log') }],
      },
      { name: 'Docs', path: 'docs.example.org', hidden: false, component: 'InnerLink', meta: meta('文档', 'Docs', { link: '' }) },
    ],
  },
  { name: 'Ext', path: 'https://example.org', hidden: false, component: 'Layout', meta: meta('外链', 'External') },
  {
    name: '',
    path: '/',
    hidden: false,
    component: 'Layout',
    meta: null,
    children: [{ name: 'Dash', path: 'dash', hidden: false, component: 'home/index', meta: meta('看板', 'Dashboard', { affix: true }) }],
  },
];

describe('component names to pages', () => {
  it("the server's menu names map to the web folders named after the server modules", async () => {
    expect(hasPage('ccms/abbreviation/index')).toBe(true);
    expect(hasPage('/ccms/workitem/bug.tsx')).toBe(true);
    expect(hasPage('system/nothing/here')).toBe(false);
    const terms = await PAGES['ccms/term/index']?.();
    expect(terms?.element).toMatchObject({ props: { kind: 'term' } });
  }, 30_000);
});

/** Lazy pages load (and transform) on first use. */
const SLOW = { timeout: 20_000 };

describe('server routes', () => {
  beforeAll(async () => {
    // Warm the lazy pages' modules (antd is transformed on first import).
    await Promise.all([import('../../features/errors/pages/not-available'), import('../../features/errors/pages/404')]);
  }, 60_000);

  const renderAt = (path: string) => {
    const router = createMemoryRouter([{ path: '/', HydrateFallback: Blank, children: buildDynamicRoutes(MENUS) }], { initialEntries: [path] });
    render(<RouterProvider router={router} />);
  };

  it('a component without a page shows the "not available yet" page, naming it', async () => {
    renderAt('/system/widget');
    const page = await screen.findByTestId('not-available', {}, SLOW);
    expect(page.getAttribute('data-component')).toBe('test/widget/index');
    expect(page.textContent).toContain('Not available yet');
  });

  it('ParentView nests, a directory opens its first visible page, a top-level page sits under "/"', async () => {
    renderAt('/system/log/operlog');
    expect((await screen.findByTestId('not-available', {}, SLOW)).getAttribute('data-component')).toBe('test/operlog/index');
  });

  it('an InnerLink with an empty link is the 404 page', async () => {
    renderAt('/system/docs.example.org');
    expect(await screen.findByTestId('not-found', {}, SLOW)).toBeTruthy();
  });

  it('external links get no route; pinned menus are found', () => {
    const routes = buildDynamicRoutes(MENUS);
    expect(routes.map((r) => r.path)).toEqual(['/system', '/']);
    expect(affixRoutes(MENUS).map((r) => r.path)).toEqual(['/dash']);
  });
});

describe('menu model', () => {
  const nodes = toMenuNodes(MENUS);
  it('absolute paths, hidden items out, single-child layouts collapse, titles per language', () => {
    const entries = menuEntries(nodes, 'en');
    expect(entries.map((e) => [e.key, e.title, e.external])).toEqual([
      ['/system', 'System', false],
      ['https://example.org', 'External', true],
      ['/dash', 'Dashboard', false],
    ]);
    expect(entries[0]?.children.map((e) => e.key)).toEqual(['/system/widget', '/system/log', '/system/docs.example.org']);
    expect(menuEntries(nodes, 'zh')[0]?.title).toBe('系统管理');
  });

  it('finds the selected item and the submenus to open', () => {
    const entries = menuEntries(nodes, 'en');
    expect(selectedKey(entries, '/system/log/operlog')).toBe('/system/log/operlog');
    expect(selectedKey(entries, '/system/widget/detail/3')).toBe('/system/widget');
    expect(ancestorKeys(entries, '/system/log/operlog')).toEqual(['/system', '/system/log']);
  });
});
