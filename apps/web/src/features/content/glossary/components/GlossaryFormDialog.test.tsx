import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Button, ConfigProvider } from 'antd';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDuplicateGuard } from '../../../../api/duplicate-guard';
import { i18n } from '../../../../i18n';
import { fakeFeedback, fakeServer } from '../../../../test/fakes';
import { GlossaryFormDialog } from './GlossaryFormDialog';

const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  await i18n.loadNamespaces(['glossary']);
});
beforeEach(() => {
  fakeFeedback();
  resetDuplicateGuard();
});

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>open</Button>
      <GlossaryFormDialog kind="abbreviation" open={open} entry={null} scope={{ libraryId: 3, branch: 'main' }} onClose={() => setOpen(false)} />
    </>
  );
}

describe('<GlossaryFormDialog>', { timeout: 60_000 }, () => {
  it('posts name and definition to the library branch, closes, and opens again ready for the next one', async () => {
    const calls = fakeServer((config) => ({
      status: config.method === 'post' && calls.length > 1 ? 400 : 200,
      data:
        config.method === 'post' && calls.length > 1
          ? { code: 400, msg: 'The abbreviation "API" already exists' }
          : { code: 200, msg: 'ok', data: { commit: 'abcdef1234', branch: 'main', paths: ['glossary/abbreviations/abbr-api.dita'], ids: ['abbr-api.dita'] } },
    }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        {/* No motion: a closed dialog is gone at once (jsdom never ends antd's leave animation). */}
        <ConfigProvider theme={{ token: { motion: false } }}>
          <App>
            <Harness />
          </App>
        </ConfigProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    fireEvent.change(await screen.findByLabelText('Abbreviation', undefined, SLOW), { target: { value: ' API ' } });
    fireEvent.change(screen.getByLabelText('Full form'), { target: { value: 'Application Programming Interface' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls).toHaveLength(1), SLOW);
    expect(JSON.parse(String(calls[0]?.data))).toEqual({ libraryId: 3, branch: 'main', name: 'API', definition: 'Application Programming Interface' });
    // The dialog closed and destroyed its fields.
    await waitFor(() => expect(screen.queryByLabelText('Abbreviation')).toBeNull(), SLOW);

    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    const ok = await screen.findByRole('button', { name: 'OK' }, SLOW);
    expect(ok.className).not.toContain('ant-btn-loading');
    expect(screen.getByLabelText('Abbreviation')).toHaveProperty('value', '');
  });
});
