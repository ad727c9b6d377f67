import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDuplicateGuard } from '../../../api/duplicate-guard';
import { SESSION_KEYS } from '../../../state/project-store';
import { fakeFeedback, fakeServer } from '../../../test/fakes';
import { type LibraryFallback, useLibraryScope } from './use-library-scope';

const lib = (libraryId: number, name: string) => ({ libraryId, name, displayText: name, defaultBranch: 'main', libraryType: 'DITA' });

/** The library options answer `libraries`; branches and abilities are refused (a caller without the library query right). */
function serve(libraries: ReturnType<typeof lib>[]) {
  return fakeServer((config) =>
    config.url === '/ccms/library/optionselect' ? { data: { code: 200, msg: 'ok', data: libraries } } : { status: 403, data: { code: 403, msg: 'no' } },
  );
}

function scopeOf(fallback: LibraryFallback) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useLibraryScope({ fallback }), { wrapper });
}

beforeEach(() => {
  fakeFeedback();
  resetDuplicateGuard();
  sessionStorage.clear();
});

describe('useLibraryScope', () => {
  it("first: a resource screen takes the session's library, else the first, without making it the session's", async () => {
    serve([lib(1, 'alpha'), lib(2, 'beta')]);
    const { result } = scopeOf('first');
    await waitFor(() => expect(result.current.libraryId).toBe(1));
    expect(result.current.branch).toBe('main');
    expect(result.current.branchNames).toEqual(['main']);
    expect(sessionStorage.getItem(SESSION_KEYS.currentLibraryName)).toBeNull();

    sessionStorage.setItem(SESSION_KEYS.currentLibraryName, 'beta');
    const again = scopeOf('first');
    await waitFor(() => expect(again.result.current.libraryId).toBe(2));
  });

  it('only: a catalogue takes the one library and makes it current; with several the user picks', async () => {
    serve([lib(1, 'alpha')]);
    const one = scopeOf('only');
    await waitFor(() => expect(one.result.current.libraryId).toBe(1));
    expect(sessionStorage.getItem(SESSION_KEYS.currentLibraryName)).toBe('alpha');

    sessionStorage.clear();
    serve([lib(1, 'alpha'), lib(2, 'beta')]);
    const several = scopeOf('only');
    await waitFor(() => expect(several.result.current.libraries).toHaveLength(2));
    expect(several.result.current.libraryId).toBeUndefined();
    act(() => several.result.current.setLibrary(2));
    expect(several.result.current.libraryId).toBe(2);
    expect(sessionStorage.getItem(SESSION_KEYS.currentLibraryName)).toBe('beta');
  });

  it("none: search over all libraries picks nothing, and clearing leaves the session's library alone", async () => {
    serve([lib(1, 'alpha')]);
    sessionStorage.setItem(SESSION_KEYS.currentLibraryName, 'gone');
    const { result } = scopeOf('none');
    await waitFor(() => expect(result.current.libraries).toHaveLength(1));
    expect(result.current.libraryId).toBeUndefined();
    act(() => result.current.setLibrary(undefined));
    expect(sessionStorage.getItem(SESSION_KEYS.currentLibraryName)).toBe('gone');
  });

  it('says "add a library first" when the list is empty', async () => {
    serve([]);
    const { result } = scopeOf('first');
    await waitFor(() => expect(result.current.noLibrary).toBe(true));
  });
});
