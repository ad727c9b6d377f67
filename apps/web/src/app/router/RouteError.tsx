import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

const NotFound = lazy(() => import('../../features/errors/pages/404'));

/** A route's error: 404 responses (bad {id} parameters) show the 404 page, anything else a retry. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  }
  console.error(error);
  return (
    <Suspense fallback={null}>
      <LoadFailed />
    </Suspense>
  );
}

function LoadFailed() {
  const { t } = useTranslation('errors');
  return (
    <div className="route-error" role="alert">
      <p>{t('loadFailed')}</p>
      <button type="button" className="plain-button primary" onClick={() => window.location.reload()}>
        {t('reload')}
      </button>
    </div>
  );
}
