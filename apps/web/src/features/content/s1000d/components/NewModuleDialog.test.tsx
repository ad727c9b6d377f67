import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { fakeFeedback, fakeServer } from '../../../../test/fakes';
import { type AuthoringServerOptions, authoringServer, CODE } from '../testing/authoring';
import { NewModuleDialog } from './NewModuleDialog';

let calls: InternalAxiosRequestConfig[] = [];

beforeAll(async () => {
  await i18n.loadNamespaces(['s1000d', 'shared']);
});
beforeEach(() => {
  fakeFeedback();
});
afterAll(() => i18n.changeLanguage('en'));

function show(opts: AuthoringServerOptions = {}) {
  calls = fakeServer(authoringServer(opts));
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <NewModuleDialog open libraryId={3} branch="main" onClose={() => undefined} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function pick(testId: string, option: string) {
  const select = await screen.findByTestId(testId);
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(option));
}

async function fillBrakePads() {
  await screen.findByTestId('new-module-sns-free');
  type('new-module-modelIdentCode', 'brake');
  type('new-module-systemDiffCode', 'AAA');
  type('new-module-systemCode', 'DA1');
  type('new-module-subSystemCode', '2');
  type('new-module-disassyCodeVariant', 'AA');
  await pick('new-module-infoCode', '720 Install procedures');
  type('new-module-techName', 'Brake pads');
}

const posted = () => calls.filter((c) => c.method === 'post' && c.url === '/ccms/s1000d/module').map((c) => JSON.parse(String(c.data)));

describe('the DMC builder (new data module)', () => {
  it('builds the code from the segments, names the information code from the list, and sends the module with the PM it joins', async () => {
    show();
    await fillBrakePads();
    await waitFor(() => expect(screen.getByTestId('new-module-code').textContent).toBe(CODE));
    // The information name follows the chosen information code.
    expect((screen.getByTestId('new-module-infoName') as HTMLInputElement).value).toBe('Install procedures');
    await pick('new-module-pm', 'PMC-BRAKE-C3002-EPWG1-00 Brake manual');
    fireEvent.click(screen.getByRole('button', { name: /ok/i }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toEqual({
      libraryId: 3,
      branch: 'main',
      schema: 'proced',
      dmc: {
        modelIdentCode: 'brake',
        systemDiffCode: 'AAA',
        systemCode: 'DA1',
        subSystemCode: '2',
        subSubSystemCode: '0',
        assyCode: '00',
        disassyCode: '00',
        disassyCodeVariant: 'AA',
        infoCode: '720',
        infoCodeVariant: 'A',
        itemLocationCode: 'A',
      },
      language: { languageIsoCode: 'en', countryIsoCode: 'US' },
      techName: 'Brake pads',
      infoName: 'Install procedures',
      pmPath: 'csdb/PMC-BRAKE-C3002-EPWG1-00_000-01_EN-US.XML',
    });
  });

  it("offers the schema's S1000D templates (the default when none is picked), sends the one picked, and forgets it when the schema changes", async () => {
    show();
    await fillBrakePads();
    const select = await screen.findByTestId('new-module-template');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    expect(await screen.findByTitle('S1000D proced: Procedure')).toBeTruthy();
    expect(screen.queryByTitle('S1000D descript: Description')).toBeNull();
    fireEvent.click(screen.getByTitle('Brake procedure'));
    fireEvent.click(screen.getByRole('button', { name: /ok/i }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({ schema: 'proced', templateId: 203 });

    // Another schema: its own templates only, and the picked one is gone (the default is sent: no templateId).
    await pick('new-module-schema', 'descript');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    expect(await screen.findByTitle('S1000D descript: Description')).toBeTruthy();
    expect(screen.queryByTitle('Brake procedure')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /ok/i }));
    await waitFor(() => expect(posted()).toHaveLength(2));
    expect(posted()[1]).toMatchObject({ schema: 'descript' });
    expect(posted()[1]).not.toHaveProperty('templateId');
  });

  it("offers the project BREX's information codes; one it refuses is shown but cannot be chosen", async () => {
    show();
    const select = await screen.findByTestId('new-module-infoCode');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    const refused = await screen.findByTitle('952 Performance support (not allowed by the project BREX)');
    expect(refused.getAttribute('aria-disabled') ?? refused.closest('[aria-disabled]')?.getAttribute('aria-disabled')).toBe('true');
  });

  it("shows the server's refusal under the segment it names", async () => {
    show({ create: { data: { code: 400, msg: 'System: "D-1" does not match its pattern (2–3 A–Z/0–9)' } } });
    await fillBrakePads();
    type('new-module-systemCode', 'D-1');
    fireEvent.click(screen.getByRole('button', { name: /ok/i }));
    const error = await screen.findByText('System: "D-1" does not match its pattern (2–3 A–Z/0–9)');
    expect(within(error.closest('.ant-form-item') as HTMLElement).getByTestId('new-module-systemCode')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh');
    show();
    expect(await screen.findByText('新建数据模块（DMC 构建器）')).toBeTruthy();
    const select = await screen.findByTestId('new-module-infoCode');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    expect(await screen.findByTitle('720 安装程序')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
