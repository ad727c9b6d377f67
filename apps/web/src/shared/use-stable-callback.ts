import { useCallback, useRef } from 'react';

/**
 * A function of unchanging identity that runs the latest `fn`: the memoised parts of a page
 * take it without rendering again when the page does.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}
