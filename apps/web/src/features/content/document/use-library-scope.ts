import { useEffect, useState } from 'react';
import { standardOf } from '../../../shared/content-standard';
import { SESSION_KEYS } from '../../../state/project-store';
import { useLibraryBranches, useLibraryOptions } from '../library/library-queries';

const readLibraryName = () => {
  try {
    return sessionStorage.getItem(SESSION_KEYS.currentLibraryName);
  } catch {
    return null;
  }
};

const writeLibraryName = (name: string | null) => {
  try {
    if (name) sessionStorage.setItem(SESSION_KEYS.currentLibraryName, name);
    else sessionStorage.removeItem(SESSION_KEYS.currentLibraryName);
  } catch {
    // Storage can be disabled: the choice then lasts for this page only.
  }
};

/**
 * The library and branch a catalogue screen shows. The library is the session's current library
 * (spec section 3, session key currentLibraryName); with none chosen and exactly one library it
 * is that one, otherwise the user picks ("Please select current library first."). The branch is
 * the library's default branch until another is picked.
 */
export function useLibraryScope(opts: { required?: boolean } = {}) {
  const required = opts.required ?? true;
  const [libraryName, setLibraryName] = useState<string | null>(readLibraryName);
  const [pickedBranch, setPickedBranch] = useState<string | undefined>(undefined);
  const libraries = useLibraryOptions();
  const options = libraries.data ?? [];
  const library = options.find((l) => l.name === libraryName);

  // Exactly one library and none chosen (or the chosen one is gone): that one is the current library.
  useEffect(() => {
    if (!required || !libraries.data || library) return;
    const only = libraries.data.length === 1 ? libraries.data[0] : undefined;
    if (only) {
      writeLibraryName(only.name);
      setLibraryName(only.name);
    }
  }, [libraries.data, library, required]);

  const libraryId = library?.libraryId;
  const branches = useLibraryBranches(libraryId ?? 0, libraryId !== undefined);
  const branch = pickedBranch ?? library?.defaultBranch;
  const branchOptions = Array.from(new Set([...(branch ? [branch] : []), ...(branches.data?.branches ?? []).map((b) => b.name)]));

  return {
    libraries: options,
    librariesLoading: libraries.isLoading,
    /** The list came back empty: "Please add library first". */
    noLibrary: libraries.isSuccess && options.length === 0,
    library,
    libraryId,
    branch,
    /** The library's content standard (the picker's options carry its type). */
    standard: standardOf(library?.libraryType).id,
    branchOptions,
    branchesLoading: branches.isLoading,
    setLibrary(id: number | undefined) {
      const next = options.find((l) => l.libraryId === id);
      // An optional scope (search in all libraries) leaves the session's current library alone when cleared.
      if (next || required) writeLibraryName(next?.name ?? null);
      setLibraryName(next?.name ?? null);
      setPickedBranch(undefined);
    },
    setBranch: setPickedBranch,
  };
}

export type LibraryScopeState = ReturnType<typeof useLibraryScope>;
