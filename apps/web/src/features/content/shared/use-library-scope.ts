import { useEffect, useState } from 'react';
import { standardOf } from '../../../shared/content-standard';
import { SESSION_KEYS } from '../../../state/project-store';
import { useLibraryAbilities, useLibraryBranches, useLibraryOptions } from '../library/library-queries';

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
 * What a screen takes when the session has no current library (or one the caller cannot read):
 * - `first`: the first library, for this screen only (resource screens: graphics, glossary, tags, publications);
 * - `only`: the library when there is exactly one, made the session's current library; otherwise
 *   the user picks ("Please select current library first.") (catalogue screens);
 * - `none`: nothing, the scope is optional (search over all libraries); clearing it leaves the
 *   session's current library alone.
 */
export type LibraryFallback = 'first' | 'only' | 'none';

/**
 * The library and branch a content screen works on: the session's current library (spec
 * section 3, session key currentLibraryName), else the `fallback`; the library's default branch
 * unless another is picked. `readOnly` is true only once the caller's abilities are known to exclude writing.
 */
export function useLibraryScope({ fallback }: { fallback: LibraryFallback }) {
  const [libraryName, setLibraryName] = useState<string | null>(readLibraryName);
  const [pickedBranch, setPickedBranch] = useState<string | undefined>(undefined);
  const libraries = useLibraryOptions();
  const options = libraries.data ?? [];
  const library = options.find((l) => l.name === libraryName);

  useEffect(() => {
    if (fallback === 'none' || !libraries.data || library) return;
    if (fallback === 'first') {
      const first = libraries.data[0];
      if (first) setLibraryName(first.name);
      return;
    }
    const only = libraries.data.length === 1 ? libraries.data[0] : undefined;
    if (only) {
      writeLibraryName(only.name);
      setLibraryName(only.name);
    }
  }, [libraries.data, library, fallback]);

  const libraryId = library?.libraryId;
  const id = libraryId ?? 0;
  // Reading branches needs the library query permission (asked quietly): without it the default branch is all there is.
  const branches = useLibraryBranches(id, libraryId !== undefined, true);
  const abilities = useLibraryAbilities(id, libraryId !== undefined);
  const branch = pickedBranch ?? library?.defaultBranch;
  const listed = branches.data?.branches.map((b) => b.name) ?? [];
  const branchNames = branch && !listed.includes(branch) ? [branch, ...listed] : listed;

  return {
    libraries: options,
    loading: libraries.isLoading,
    /** The list came back empty: the screen says "Please add library first". */
    noLibrary: libraries.isSuccess && options.length === 0,
    library,
    libraryId,
    branch,
    branchNames,
    branchesLoading: branches.isLoading,
    /** The library's content standard (the picker's options carry its type). */
    standard: standardOf(library?.libraryType).id,
    readOnly: abilities.isSuccess && !abilities.data.write,
    setLibrary(next: number | undefined) {
      const chosen = options.find((l) => l.libraryId === next);
      if (chosen || fallback !== 'none') writeLibraryName(chosen?.name ?? null);
      setLibraryName(chosen?.name ?? null);
      setPickedBranch(undefined);
    },
    setBranch: (next: string) => setPickedBranch(next),
  };
}

export type LibraryScope = ReturnType<typeof useLibraryScope>;
