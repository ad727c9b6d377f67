import type { Grammar } from '@ccms/contracts/content/grammar';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { useSession } from '../../../../state/session-store';
import { fakeServer } from '../../../../test/fakes';
import { GrammarList } from './GrammarList';

const grammar = (over: Partial<Grammar>): Grammar => ({
  grammarId: 100,
  name: 'dita-1.3',
  standard: 'DITA',
  kind: 'dtd',
  version: '1.3',
  fileCount: 1200,
  catalogPath: 'dita-1.3/catalog.xml',
  fileName: 'dita-1.3.zip',
  size: 4_000_000,
  createBy: 'admin',
  createTime: '2026-07-01 10:00:00',
  ...over,
});

const rows = [
  grammar({}),
  grammar({ grammarId: 101, name: 's1000d-5.0', standard: 'S1000D', kind: 'schema', version: '5.0', catalogPath: 's1000d-schemas-5.0/xml_schema_flat' }),
  grammar({ grammarId: 102, name: 'default-brex', standard: 'S1000D', kind: 'brex', version: '4.1, 5.0', catalogPath: '' }),
  grammar({ grammarId: 103, name: 'a4a-2300', standard: 'ATA2300', kind: 'schema', version: 'CCMS-TEST-1', catalogPath: 'ata2300-schemas' }),
];

beforeAll(async () => {
  await i18n.loadNamespaces(['grammar']);
  useSession.setState({ roles: ['admin'], permissions: ['*:*:*'] });
  fakeServer((config) => {
    if (config.url?.includes('/ccms/grammar/list')) return { data: { code: 200, msg: 'ok', total: rows.length, rows } };
    return { data: { code: 200, msg: 'ok', data: { installed: 1, machineVersion: '1.2' } } };
  });
});
afterAll(() => i18n.changeLanguage('en'));

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <App>
          <GrammarList />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('GrammarList', () => {
  it('says what each package is, with its standard and version(s): one tag per issue of a default BREX package', async () => {
    show();
    expect(screen.getByRole('columnheader', { name: 'Content' })).toBeTruthy();
    const dita = await rowOf('dita-1.3');
    expect(within(dita).getByText('DITA DTDs')).toBeTruthy();
    expect(within(dita).getByText('DITA 1.3')).toBeTruthy();
    const schemas = await rowOf('s1000d-5.0');
    expect(within(schemas).getByText('S1000D schemas')).toBeTruthy();
    expect(within(schemas).getByText('S1000D 5.0')).toBeTruthy();
    const brex = await rowOf('default-brex');
    expect(within(brex).getByText('S1000D default BREX')).toBeTruthy();
    expect(within(brex).getByText('S1000D 4.1')).toBeTruthy();
    expect(within(brex).getByText('S1000D 5.0')).toBeTruthy();
    // An ATA Spec 2300 schema package is a schema package, but not S1000D's.
    const ata = await rowOf('a4a-2300');
    expect(within(ata).getByText('ATA Spec 2300 schemas')).toBeTruthy();
    expect(within(ata).getByText('ATA2300 CCMS-TEST-1')).toBeTruthy();
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh');
    await i18n.loadNamespaces(['grammar']);
    show();
    expect(within(await rowOf('dita-1.3')).getByText('DITA DTD')).toBeTruthy();
    expect(within(await rowOf('s1000d-5.0')).getByText('S1000D 模式')).toBeTruthy();
    expect(within(await rowOf('default-brex')).getByText('S1000D 默认 BREX')).toBeTruthy();
    expect(within(await rowOf('a4a-2300')).getByText('ATA Spec 2300 模式')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
