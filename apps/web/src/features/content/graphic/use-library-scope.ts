import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type ApiEnvelope, api } from '../../../api/client';
import { SESSION_KEYS } from '../../../state/project-store';
import { type Branches, libraryApi } from '../library/library-api';

function storedLibraryName(): string | null {
  try {
    return sessionStorage.getItem(SESSION_KEYS.currentLibraryName);
  } catch {
    return null;
  }
}

/**
 * The library and branch a resource screen works on: the current library (session property
 * currentLibraryName) when the user may read it, else the first; the library's default branch
 * unless another is picked. `readOnly` is true only once the caller's abilities are known to exclude writing.
 */
export function useLibraryScope() {
  const options = useQuery({ queryKey: ['ccms', 'library', 'options'], queryFn: libraryApi.options });
  const [libraryId, setLibraryId] = useState<number | undefined>(undefined);
  const [picked, setPicked] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (libraryId !== undefined || !options.data?.length) return;
    const stored = storedLibraryName();
    const chosen = options.data.find((l) => l.name === stored) ?? options.data[0];
    if (chosen) setLibraryId(chosen.libraryId);
  }, [options.data, libraryId]);

  const library = options.data?.find((l) => l.libraryId === libraryId);
  const id = libraryId ?? 0;
  const branches = useQuery({
    queryKey: ['ccms', 'resource', 'branches', id],
    // Reading branches needs the library query permission; without it the default branch is all there is.
    queryFn: () => api.get<ApiEnvelope & { data: Branches }>(`/ccms/library/${id}/branches`, undefined, { silent: true }).then((r) => r.data),
    enabled: libraryId !== undefined,
    retry: false,
  });
  const abilities = useQuery({
    queryKey: ['ccms', 'library', 'abilities', id],
    queryFn: () => libraryApi.get(id, true).then((l) => l.abilities),
    enabled: libraryId !== undefined,
    retry: false,
  });
  const branch = picked ?? library?.defaultBranch;
  const branchNames = branches.data?.branches.map((b) => b.name) ?? (library ? [library.defaultBranch] : []);

  return {
    libraries: options.data ?? [],
    loading: options.isLoading,
    /** True once the list loaded empty: the screen says "Please add library first". */
    none: options.isSuccess && options.data.length === 0,
    libraryId,
    library,
    branch,
    branchNames,
    readOnly: abilities.isSuccess && !abilities.data.write,
    setLibrary(next: number) {
      setLibraryId(next);
      setPicked(undefined);
      const name = options.data?.find((l) => l.libraryId === next)?.name;
      try {
        if (name) sessionStorage.setItem(SESSION_KEYS.currentLibraryName, name);
      } catch {
        // Session storage unavailable: the choice lasts for this screen only.
      }
    },
    setBranch: (next: string) => setPicked(next),
  };
}

export type LibraryScope = ReturnType<typeof useLibraryScope>;
