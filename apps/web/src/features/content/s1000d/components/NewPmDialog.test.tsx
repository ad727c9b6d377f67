import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { fakeFeedback, fakeServer } from '../../../../test/fakes';
import { authoringServer } from '../testing/authoring';
import { NewPmDialog } from './NewPmDialog';

let calls: InternalAxiosRequestConfig[] = [];

beforeAll(async () => {
  await i18n.loadNamespaces(['s1000d', 'shared']);
});
beforeEach(() => {
  fakeFeedback();
  calls = fakeServer(authoringServer());
});
afterAll(() => i18n.changeLanguage('en'));

describe('a new publication module', () => {
  it('builds its code, lists the chosen data modules and sends them in order', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <App>
            <NewPmDialog open libraryId={3} branch="main" onClose={() => undefined} />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });
    type('new-pm-modelIdentCode', 'BRAKE');
    type('new-pm-pmIssuer', 'C3002');
    type('new-pm-pmNumber', 'PADS1');
    type('new-pm-title', 'Brake pads manual');
    await waitFor(() => expect(screen.getByTestId('new-pm-code').textContent).toBe('PMC-BRAKE-C3002-PADS1-00'));
    const select = screen.getByTestId('new-pm-modules');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A Bicycle – Clean the bicycle'));
    fireEvent.click(screen.getByRole('button', { name: /ok/i }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'post' && c.url === '/ccms/s1000d/pm')).toHaveLength(1));
    const body = JSON.parse(String(calls.find((c) => c.url === '/ccms/s1000d/pm')?.data));
    expect(body).toEqual({
      libraryId: 3,
      branch: 'main',
      pmCode: { modelIdentCode: 'BRAKE', pmIssuer: 'C3002', pmNumber: 'PADS1', pmVolume: '00' },
      language: { languageIsoCode: 'en', countryIsoCode: 'US' },
      pmTitle: 'Brake pads manual',
      dmPaths: ['DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A_008-00_EN-US.XML'],
    });
  });

  it('asks for at least one data module', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <App>
            <NewPmDialog open libraryId={3} onClose={() => undefined} />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /ok/i }));
    expect(await screen.findByText('Choose at least one data module')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/ccms/s1000d/pm')).toHaveLength(0);
  });
});
