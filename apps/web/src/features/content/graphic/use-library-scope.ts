import { useEffect, useState } from 'react';
import { SESSION_KEYS } from '../../../state/project-store';
import { useLibraryAbilities, useLibraryBranches, useLibraryOptions } from '../library/library-queries';

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
  const options = useLibraryOptions();
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
  // Reading branches needs the library query permission; without it the default branch is all there is.
  const branches = useLibraryBranches(id, libraryId !== undefined, true);
  const abilities = useLibraryAbilities(id, libraryId !== undefined);
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
