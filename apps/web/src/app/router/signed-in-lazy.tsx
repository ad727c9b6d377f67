import { Suspense, use } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { getToken } from '../../api/token';

type LoadRoute = LazyRouteFunction<RouteObject>;
type RouteParts = Awaited<ReturnType<LoadRoute>>;

const started = new WeakMap<LoadRoute, Promise<RouteParts>>();

/** Loads the route's code when it first renders (only after every loader, so after the guard). */
function DeferredRoute({ load }: { load: LoadRoute }) {
  let pending = started.get(load);
  if (!pending) {
    pending = load();
    started.set(load, pending);
  }
  const { Component, element } = use(pending);
  return Component ? <Component /> : (element ?? null);
}

/**
 * A route `lazy` for code that needs a session. React Router starts every matched route's `lazy`
 * together with the loaders, so the root guard cannot stop it; this one checks the token first:
 * without one it resolves at once to a placeholder that loads the code on first render, which only
 * happens if the guard let the visit through (an unsigned visit is redirected to /login before).
 */
export function signedInLazy(load: LoadRoute, signedIn: () => boolean = () => Boolean(getToken())): LoadRoute {
  return async () => {
    if (signedIn()) return load();
    return {
      element: (
        <Suspense fallback={null}>
          <DeferredRoute load={load} />
        </Suspense>
      ),
    };
  };
}
