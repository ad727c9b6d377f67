import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Button, ConfigProvider } from 'antd';
import type { InternalAxiosRequestConfig } from 'axios';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDuplicateGuard } from '../../../../api/duplicate-guard';
import { i18n } from '../../../../i18n';
import { type FakeReply, fakeFeedback, fakeServer } from '../../../../test/fakes';
import { tagKeys } from '../tag-queries';
import { TagFormDialog } from './TagFormDialog';

// shared/form's FormDialog + useEntityForm, through the worked example (the tag dialog) against a fake server.
const SLOW = { timeout: 15_000 };
const TAG = {
  tagId: 5,
  libraryId: 3,
  tagName: 'draft',
  color: 'blue',
  remark: '',
  uses: 0,
  createBy: 'admin',
  createTime: null,
  updateBy: '',
  updateTime: null,
};
const ok = (data: unknown = null): FakeReply => ({ data: { code: 200, msg: 'ok', data } });

beforeAll(async () => {
  await i18n.loadNamespaces(['tag']);
});
beforeEach(() => {
  fakeFeedback();
  resetDuplicateGuard();
});

function Harness({ tagId }: { tagId: number | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>open</Button>
      {/* Closed from outside while a save runs (antd ignores Cancel then): a route change, a parent. */}
      <Button onClick={() => setOpen(false)}>close</Button>
      <TagFormDialog open={open} libraryId={3} tagId={tagId} onClose={() => setOpen(false)} />
    </>
  );
}

function mount(tagId: number | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  render(
    <QueryClientProvider client={client}>
      {/* No motion: a closed dialog is gone at once (jsdom never ends antd's leave animation). */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <Harness tagId={tagId} />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return client;
}

/** A reply the test releases when it wants. */
function held() {
  let release: (reply: FakeReply) => void = () => undefined;
  const promise = new Promise<FakeReply>((resolve) => {
    release = resolve;
  });
  return { promise, release: (reply: FakeReply) => release(reply) };
}

const body = (config: InternalAxiosRequestConfig | undefined) => JSON.parse(String(config?.data));
// A saving OK button's name starts with its spinner's label.
const okButton = () => screen.getByRole('button', { name: /OK$/ });

describe('<FormDialog> with useEntityForm', { timeout: 60_000 }, () => {
  it('shows a spinner while the detail loads, then the loaded values; saves and invalidates the tag lists', async () => {
    const detail = held();
    const calls = fakeServer((config) => (config.method === 'get' ? detail.promise : ok()));
    const client = mount(5);
    client.setQueryData(tagKeys.list({ libraryId: 3, pageNum: 1, pageSize: 20 }), { rows: [], total: 0 });

    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByTestId('form-dialog-loading', {}, SLOW)).toBeTruthy();
    detail.release(ok(TAG));
    const name = await screen.findByLabelText('Tag name', undefined, SLOW);
    expect(name).toHaveProperty('value', 'draft');
    expect(screen.queryByTestId('form-dialog-loading')).toBeNull();

    fireEvent.change(name, { target: { value: ' final ' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(calls.filter((c) => c.method === 'put')).toHaveLength(1), SLOW);
    expect(body(calls.find((c) => c.method === 'put'))).toEqual({ tagId: 5, tagName: 'final', color: 'blue', remark: '' });
    await waitFor(() => expect(client.getQueryState(tagKeys.list({ libraryId: 3, pageNum: 1, pageSize: 20 }))?.isInvalidated).toBe(true), SLOW);
    await waitFor(() => expect(screen.queryByLabelText('Tag name')).toBeNull(), SLOW);
  });

  it("refuses what the contract refuses, before any call: rules from TagBody's zod schema", async () => {
    const calls = fakeServer(() => ok());
    mount(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    fireEvent.change(await screen.findByLabelText('Tag name', undefined, SLOW), { target: { value: 'x'.repeat(65) } });
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: '#12345G' } });
    fireEvent.click(okButton());
    expect(await screen.findByText('The colour must be a colour name or #rrggbb', undefined, SLOW)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's 400 on the field it names", async () => {
    const calls = fakeServer((config) =>
      config.method === 'post' ? { status: 400, data: { code: 400, msg: 'Tag name must be at most 64 characters' } } : ok(),
    );
    mount(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    fireEvent.change(await screen.findByLabelText('Tag name', undefined, SLOW), { target: { value: 'draft' } });
    fireEvent.click(okButton());
    const error = await screen.findByText('Tag name must be at most 64 characters', { selector: '.ant-form-item-explain-error' }, SLOW);
    expect(error.closest('.ant-form-item')?.querySelector('#tag-form_tagName')).toBeTruthy();
    expect(body(calls[0])).toEqual({ libraryId: 3, tagName: 'draft', color: '', remark: '' });
  });

  it('a reopened dialog shows neither the last save spinning nor its values', async () => {
    const save = held();
    fakeServer((config) => (config.method === 'post' ? save.promise : ok()));
    mount(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    fireEvent.change(await screen.findByLabelText('Tag name', undefined, SLOW), { target: { value: 'slow' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(okButton().className).toContain('ant-btn-loading'), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'close' }));
    await waitFor(() => expect(screen.queryByLabelText('Tag name')).toBeNull(), SLOW);

    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByLabelText('Tag name', undefined, SLOW)).toHaveProperty('value', '');
    expect(okButton().className).not.toContain('ant-btn-loading');
    save.release(ok());
  });
});
