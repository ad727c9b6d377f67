import { useDeferredValue } from 'react';

/**
 * False on a component's first render, true in a render React makes after the work already queued
 * (useDeferredValue's initial value, rendered in a transition). Parts the user does not wait for
 * (the side menu, the top bar's menus, an editor's side panes) show a moment after what they do
 * wait for (a page's content): an update of higher priority, such as a page's data arriving, goes
 * before that render.
 */
export function useRenderedLater(): boolean {
  return useDeferredValue(true, false);
}
