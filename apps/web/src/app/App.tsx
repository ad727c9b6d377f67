import { RouterProvider } from 'react-router/dom';
import type { createAppRouter } from './router/router';

/** The app: the data router. antd and query providers sit in a lazy route (UiProviders) so sign-in stays small. */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}
