// biome-ignore-all lint/suspicious/noTemplateCurlyInString: templates spell their placeholders ${name}
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDuplicateGuard } from '../../../../api/duplicate-guard';
import { i18n } from '../../../../i18n';
import { type FakeReply, fakeFeedback, fakeServer } from '../../../../test/fakes';
import { TemplateFormDialog } from './TemplateFormDialog';

const SLOW = { timeout: 15_000 };
const ok = (data: unknown = null): FakeReply => ({ data: { code: 200, msg: 'ok', data } });
const DOCTYPES = [
  { doctypeId: 1, doctypeName: 'Concept', fileSuffix: '.dita', grammar: 'catalog' },
  { doctypeId: 2, doctypeName: 'Task', fileSuffix: '.dita', grammar: 'catalog' },
  { doctypeId: 10, doctypeName: 'proced', fileSuffix: '.xml', grammar: 's1000d' },
];

beforeAll(async () => {
  await i18n.loadNamespaces(['template']);
});
beforeEach(() => {
  fakeFeedback();
  resetDuplicateGuard();
});

describe('<TemplateFormDialog>', { timeout: 60_000 }, () => {
  it('shows the document type placeholder for a new template (not the empty value 0) and refuses saving without a type', async () => {
    const calls = fakeServer((config) => (config.url?.includes('/ccms/doctype/optionselect') ? ok(DOCTYPES) : ok([])));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <App>
            <TemplateFormDialog open templateId={undefined} onClose={() => undefined} />
          </App>
        </ConfigProvider>
      </QueryClientProvider>,
    );
    const field = (await screen.findByLabelText('Document type', undefined, SLOW)).closest('.ant-select');
    expect(field?.querySelector('.ant-select-placeholder')?.textContent).toBe('Choose a document type');
    expect(field?.textContent).not.toContain('0');
    fireEvent.change(screen.getByLabelText('Template name'), { target: { value: 'Pump task' } });
    fireEvent.click(screen.getByRole('button', { name: /OK$/ }));
    await waitFor(() => expect(screen.getAllByText('Choose a document type').length).toBeGreaterThan(1), SLOW);
    expect(calls.filter((c) => c.method === 'post')).toHaveLength(0);
  });

  it("lists an S1000D type's extra placeholders (the date's parts, the language codes, the enterprise) only for an S1000D type", async () => {
    fakeServer((config) => (config.url?.includes('/ccms/doctype/optionselect') ? ok(DOCTYPES) : ok([])));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <App>
            <TemplateFormDialog open templateId={undefined} onClose={() => undefined} />
          </App>
        </ConfigProvider>
      </QueryClientProvider>,
    );
    const field = (await screen.findByLabelText('Document type', undefined, SLOW)).closest('.ant-select') as HTMLElement;
    const choose = async (label: string) => {
      fireEvent.mouseDown(within(field).getByRole('combobox'));
      fireEvent.click(await screen.findByTitle(label));
    };
    await choose('Task (.dita)');
    await waitFor(() => expect(screen.getByText(/^Placeholders: /).textContent).not.toContain('${year}'));
    await choose('proced (.xml)');
    await waitFor(() =>
      expect(screen.getByText(/^Placeholders: /).textContent).toContain('${year} ${month} ${day} ${languageIsoCode} ${countryIsoCode} ${enterpriseCode}'),
    );
  });
});
