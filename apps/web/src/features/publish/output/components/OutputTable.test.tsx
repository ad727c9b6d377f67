import type { PublishOutput } from '@ccms/contracts/publish/publication';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { useSession } from '../../../../state/session-store';
import { fakeServer } from '../../../../test/fakes';
import { OutputTable, pdfDownload } from './OutputTable';

const output = (over: Partial<PublishOutput>): PublishOutput =>
  ({
    outputId: 1,
    libraryId: 1,
    branch: 'main',
    path: 'maps/guide.ditamap',
    format: 'html5',
    status: 'success',
    publicationId: null,
    configId: 1,
    configName: 'web',
    lang: 'en',
    publishPath: 'local',
    filter: '',
    commit: 'abcdef0123456789',
    phase: '',
    done: 2,
    total: 2,
    pages: 2,
    problemCounts: { error: 0, warning: 0, info: 0 },
    message: '',
    size: 10,
    durationMs: 100,
    engineVersion: '1',
    incremental: false,
    viewUrl: '/prod-api/ccms/output/view/1/t/index.html',
    progressUrl: '',
    startTime: null,
    endTime: null,
    createBy: 'admin',
    createTime: null,
    ...over,
  }) as PublishOutput;

const rows = [
  output({ outputId: 1, problemCounts: { error: 200, warning: 65, info: 4 } }),
  output({ outputId: 2, format: 'pdf', configName: 'print', viewUrl: '/prod-api/ccms/output/view/2/t/user%20guide.pdf' }),
];

beforeAll(async () => {
  await i18n.loadNamespaces(['output']);
  useSession.setState({ roles: ['publisher'], permissions: [] });
  fakeServer((config) => {
    if (config.url?.includes('/ccms/output/list')) return { data: { code: 200, msg: 'ok', total: rows.length, rows } };
    return {
      data: {
        code: 200,
        msg: 'ok',
        data: { ...rows[0], problems: [{ severity: 'error', code: 'x', message: 'Broken link', file: 'a.dita', line: 3, column: 4 }] },
      },
    };
  });
});
afterAll(() => i18n.changeLanguage('en'));

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <App>
          <OutputTable scope={{ documentId: 7 }} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('OutputTable', () => {
  it('calls a publish with problems what it is, and opens them on a click', async () => {
    show();
    const tag = await screen.findByText('Success · 265 problems');
    fireEvent.click(tag);
    expect(await screen.findByText('Broken link')).toBeTruthy();
  });

  it('downloads a PDF output as its PDF, and an HTML5 output as a zip', async () => {
    show();
    const pdfRow = (await screen.findByText('print')).closest('tr') as HTMLElement;
    const download = within(pdfRow).getByText('Download').closest('a') as HTMLAnchorElement;
    expect(download.getAttribute('href')).toBe('/prod-api/ccms/output/view/2/t/user%20guide.pdf');
    expect(download.getAttribute('download')).toBe('user guide.pdf');
    const webRow = screen.getByText('web').closest('tr') as HTMLElement;
    expect(within(webRow).getByText('Download').closest('a')).toBeNull();
    expect(pdfDownload(rows[0] as PublishOutput)).toBeNull();
    expect(pdfDownload({ ...(rows[1] as PublishOutput), status: 'running' })).toBeNull();
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh');
    show();
    expect(await screen.findByText('成功 · 265 个问题')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
