import type { CacheInfo } from '@ccms/contracts/monitor/cache';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { useSession } from '../../../../state/session-store';
import { fakeServer } from '../../../../test/fakes';
import { renderPage } from '../../../../test/render-page';
import CachePage from './index';

beforeAll(async () => {
  await i18n.loadNamespaces(['monitor']);
  useSession.setState({ roles: ['admin'], permissions: ['*:*:*'] });
});

const SLOW = { timeout: 10_000 };

const cacheInfo = (over: Partial<CacheInfo>): CacheInfo => ({
  backend: 'memory',
  info: { cache_backend: 'memory', redis_version: '', used_memory_human: '1.50K', keyspace_hits: '3', keyspace_misses: '2' },
  dbSize: 2,
  commandStats: [
    { name: 'get', value: '5' },
    { name: 'set', value: '2' },
  ],
  database: { kind: 'pglite', version: '17.5', name: 'template1', user: 'postgres', size: 1024, connections: 1, maxConnections: 1, pool: null },
  tables: [{ name: 'sys_user', rows: 3, estimated: false }],
  caches: [{ name: 'dictionaries', entries: 2, description: { zh: '字典', en: 'Dictionary items per type' } }],
  ...over,
});

describe('the cache monitor page', () => {
  it('shows the in-process store without Redis', async () => {
    fakeServer(() => ({ data: { code: 200, msg: 'ok', data: cacheInfo({}) } }));
    renderPage(<CachePage />);
    expect(await screen.findByText(/No Redis is set/, undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('Process memory')).toBeTruthy();
    expect(screen.getByText('3 / 2')).toBeTruthy();
    expect(screen.getByText('get')).toBeTruthy();
    expect(screen.getByText('Dictionary items per type')).toBeTruthy();
  });

  it("shows Redis's version, mode, port and command calls with REDIS_URL", async () => {
    const info = {
      cache_backend: 'redis',
      redis_version: '7.0.15',
      redis_mode: 'standalone',
      tcp_port: '6379',
      connected_clients: '4',
      used_memory_human: '1.10M',
    };
    fakeServer(() => ({ data: { code: 200, msg: 'ok', data: cacheInfo({ backend: 'redis', info, commandStats: [{ name: 'info', value: '42' }] }) } }));
    renderPage(<CachePage />);
    expect(await screen.findByText(/caches in Redis 7\.0\.15/, undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('6379')).toBeTruthy();
    expect(screen.getByText('standalone')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
  });
});
