import type { ServerInfo } from '@ccms/contracts/monitor/server';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { useSession } from '../../../../state/session-store';
import { fakeServer } from '../../../../test/fakes';
import { renderPage } from '../../../../test/render-page';
import ServerPage from './index';

beforeAll(async () => {
  await i18n.loadNamespaces(['monitor']);
  useSession.setState({ roles: ['admin'], permissions: ['*:*:*'] });
});

const SLOW = { timeout: 10_000 };

describe('the server monitor page', () => {
  it('reads the byte counts beside RuoYi’s GB and text sizes', async () => {
    const GB = 1024 ** 3;
    const server: ServerInfo = {
      cpu: { cpuNum: 2, model: 'cpu', used: 10, sys: 5, wait: 0, free: 85, loadAverage: [0.5, 0.4, 0.3] },
      mem: { total: 8, used: 2, free: 6, usage: 25, totalBytes: 8 * GB, usedBytes: 2 * GB, freeBytes: 6 * GB },
      jvm: {
        total: 64,
        max: 4096,
        free: 32,
        used: 32,
        usage: 50,
        name: 'Node.js',
        version: 'v20.0.0',
        home: '/usr/local',
        startTime: '2026-01-01 00:00:00',
        runTime: '1 minute',
        inputArgs: '[]',
      },
      runtime: {
        name: 'Node.js',
        version: 'v20.0.0',
        pid: 1,
        startTime: '2026-01-01T00:00:00.000Z',
        uptime: 60,
        rss: 100 * 1024 ** 2,
        heapTotal: 64 * 1024 ** 2,
        heapUsed: 32 * 1024 ** 2,
        external: 1024,
        heapUsage: 50,
        execPath: '/usr/local/bin/node',
        inputArgs: [],
      },
      sys: { computerName: 'host', computerIp: '10.0.0.1', osName: 'Linux', osArch: 'x64', userDir: '/srv', uptime: 100 },
      sysFiles: [
        {
          dirName: '/srv/data',
          sysTypeName: 'ext4',
          typeName: '/dev/sda1',
          total: '100.0 GB',
          free: '60.0 GB',
          used: '40.0 GB',
          usage: 40,
          totalBytes: 100 * GB,
          freeBytes: 60 * GB,
          usedBytes: 40 * GB,
        },
      ],
    };
    fakeServer(() => ({ data: { code: 200, msg: 'ok', data: server } }));
    renderPage(<ServerPage />);
    expect(await screen.findByText('/srv/data', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('ext4')).toBeTruthy();
    expect(screen.getByText('100.00 GB')).toBeTruthy();
    expect(screen.getByText('8.00 GB')).toBeTruthy();
    expect(screen.getByText('2.00 GB')).toBeTruthy();
  });
});
