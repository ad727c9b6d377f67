import type { Denied } from '@ccms/contracts/http';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deniedText } from '../../api/denied';
import { ApiError } from '../../api/errors';
import { i18n } from '../../i18n';
import { ListPage } from '../list/ListPage';
import { DeniedNotice } from './Denied';

const one: Denied = { permissions: [{ perms: 'ccms:library:query', name: 'Libraries › Query library' }] };
const refused = (denied: Denied) => new ApiError('The current operation has no permission', 403, denied);

afterAll(() => i18n.changeLanguage('en'));

beforeAll(async () => {
  await i18n.loadNamespaces('shared');
});

describe('the words of a missing right', () => {
  it('names one right by its menu and its permission string, in English and Chinese', async () => {
    expect(deniedText(one, 'see')).toBe('You need the right “Libraries › Query library” (ccms:library:query) to see this');
    expect(deniedText(one, 'do')).toBe('You need the right “Libraries › Query library” (ccms:library:query) to do this');
    await i18n.changeLanguage('zh');
    await i18n.loadNamespaces('shared');
    expect(deniedText(one, 'see')).toBe('需要权限“Libraries › Query library”（ccms:library:query）才能查看此内容');
    expect(deniedText({ level: 'publish', object: 'library' }, 'do')).toBe('需要对该库至少拥有“发布”级别才能执行此操作');
    await i18n.changeLanguage('en');
  });

  it('lists the rights of which any one would do, names a right without a menu by its string, and names grant levels', () => {
    const two: Denied = {
      permissions: [
        { perms: 'ccms:publication:publish', name: 'Publications › Publish' },
        { perms: 'ccms:document:publish', name: '' },
      ],
    };
    expect(deniedText(two, 'do')).toBe('You need one of these rights to do this: “Publications › Publish” (ccms:publication:publish); ccms:document:publish');
    expect(deniedText({ permissions: [{ perms: 'x:y:z', name: '' }] }, 'see')).toBe('You need the right x:y:z to see this');
    expect(deniedText({ level: 'write', object: 'library' }, 'do')).toBe('You need at least the “Write” level on this library to do this');
    expect(deniedText({ level: 'admin', object: 'project' }, 'see')).toBe('You need at least the “Admin” level on this project to see this');
  });
});

describe('DeniedNotice', () => {
  it('says which right a refused call lacked, and shows nothing for other failures', () => {
    const { rerender, container } = render(<DeniedNotice error={refused(one)} />);
    expect(screen.getByRole('alert').textContent).toBe('You need the right “Libraries › Query library” (ccms:library:query) to see this');
    rerender(<DeniedNotice error={new ApiError('The requested resource does not exist', 404)} />);
    expect(container.textContent).toBe('');
    rerender(<DeniedNotice error={new ApiError('The current operation has no permission', 403)} />);
    expect(container.textContent).toBe('');
  });

  it('replaces the empty table of a refused list (ListPage), where an empty answer shows "No data"', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const page = (fail: boolean) => (
      <QueryClientProvider client={client}>
        <ListPage<{ id: number }>
          listQuery={() => ({
            queryKey: ['denied-test', fail],
            queryFn: () => (fail ? Promise.reject(refused(one)) : Promise.resolve({ rows: [], total: 0 })),
          })}
          rowKey="id"
          columns={[{ key: 'id', dataIndex: 'id', title: 'Id' }]}
        />
      </QueryClientProvider>
    );
    const { rerender } = render(page(false));
    expect(await screen.findByText('No data', { selector: '.ant-empty-description' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(page(true));
    expect((await screen.findByRole('alert')).textContent).toBe('You need the right “Libraries › Query library” (ccms:library:query) to see this');
    expect(screen.queryByText('No data', { selector: '.ant-empty-description' })).toBeNull();
  });
});
