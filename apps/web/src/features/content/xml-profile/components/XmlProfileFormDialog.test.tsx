import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { InternalAxiosRequestConfig } from 'axios';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDuplicateGuard } from '../../../../api/duplicate-guard';
import { i18n } from '../../../../i18n';
import { type FakeReply, fakeFeedback, fakeServer } from '../../../../test/fakes';
import { XmlProfileFormDialog } from './XmlProfileFormDialog';

// The XML profile dialog against a fake server: every part of the profile goes back in the PUT; a bad XPath stops it.
const SLOW = { timeout: 15_000 };
const PROFILE = {
  profileId: 7,
  libraryType: 'FTID',
  description: 'FTID',
  filePattern: '**/*.xml',
  unitRoots: ['module'],
  documentRoots: ['manual'],
  idPath: '@id',
  titlePath: 'title',
  references: [{ element: 'moduleRef', attribute: 'href', target: 'path' }],
  tocGroups: ['chapter'],
  vocabulary: { blocks: ['para'], lists: ['list'], listItems: ['item'], tables: [], rows: [], cells: [], inline: ['emphasis'], titles: ['title'] },
  css: '.x-para { margin: 0 }',
  grammarKind: 'none',
  grammarName: '',
  grammar: '',
  createBy: 'admin',
  createTime: null,
  updateBy: '',
  updateTime: null,
};
const ok = (data: unknown = null): FakeReply => ({ data: { code: 200, msg: 'ok', data } });
const body = (config: InternalAxiosRequestConfig | undefined) => JSON.parse(String(config?.data));
const okButton = () => screen.getByRole('button', { name: /OK$/ });

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['xml-profile']);
});
beforeEach(() => {
  fakeFeedback();
  resetDuplicateGuard();
});

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <XmlProfileFormDialog open profileId={7} onClose={() => undefined} />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

describe('<XmlProfileFormDialog>', { timeout: 60_000 }, () => {
  it('loads a profile and saves every part of it with the edits', async () => {
    const calls = fakeServer((config) => (config.method === 'get' ? ok(PROFILE) : ok({ profileId: 7, reindexed: 2 })));
    mount();
    const description = await screen.findByLabelText('Description', undefined, SLOW);
    expect(description).toHaveProperty('value', 'FTID');
    fireEvent.change(description, { target: { value: 'FTID as we write it' } });
    fireEvent.change(screen.getByLabelText('Title path'), { target: { value: 'head/title' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(calls.filter((c) => c.method === 'put')).toHaveLength(1), SLOW);
    const { createBy: _cb, createTime: _ct, updateBy: _ub, updateTime: _ut, ...sent } = PROFILE;
    expect(body(calls.find((c) => c.method === 'put'))).toEqual({ ...sent, description: 'FTID as we write it', titlePath: 'head/title' });
  });

  it('refuses an XPath it cannot evaluate before any call, naming the field', async () => {
    const calls = fakeServer(() => ok(PROFILE));
    mount();
    fireEvent.change(await screen.findByLabelText('Identity path', undefined, SLOW), { target: { value: 'module[1]/@id' } });
    fireEvent.click(okButton());
    expect(
      await screen.findByText('Identity path: not a usable XPath (element names, /, //, and a last step @attribute or text())', undefined, SLOW),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'get')).toHaveLength(0);
  });
});
