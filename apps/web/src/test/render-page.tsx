import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';

/** A page as the app shows it: a fresh query cache (no retries), a router at `url`, antd's App for messages. */
export function renderPage(page: ReactElement, url?: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={url === undefined ? undefined : [url]}>
        <App>{page}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
