import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { getToken, setToken } from '../../../../api/token';
import { useSession } from '../../../../state/session-store';
import { SSO_RETURN_KEY, ssoApi } from '../../sso/sso-api';
import { safeRedirect } from '../remember-me';
import '../auth.css';

/**
 * /auth-redirect (spec public route): where the single sign-on provider sends the browser back.
 * The server checks state, nonce and PKCE and verifies the ID token; a sign-in lands signed in,
 * a link goes back to /bind. A refusal is shown here with the way back. Opened without a
 * provider answer, it hands over to the window that opened it, or goes to the login page.
 */
export default function AuthRedirectPage() {
  const { t } = useTranslation('sso');
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = window.location.search;
    const params = new URLSearchParams(query);
    if (!params.has('state') && !params.has('error')) {
      const target = `${window.location.origin}/login${window.location.hash}`;
      if (window.opener && window.opener !== window) {
        window.opener.location.href = target;
        window.close();
      } else {
        window.location.replace(target);
      }
      return;
    }
    ssoApi.complete(query).then(
      (res) => {
        if (res.data.purpose === 'bind') {
          navigate('/bind?bound=1', { replace: true });
          return;
        }
        const token = res.data.token ?? '';
        setToken(token);
        useSession.setState({ token });
        const back = sessionStorage.getItem(SSO_RETURN_KEY);
        sessionStorage.removeItem(SSO_RETURN_KEY);
        navigate(safeRedirect(back), { replace: true });
      },
      (err: unknown) => setError(err instanceof Error ? err.message : String(err)),
    );
  }, [navigate]);

  return (
    <main className="login-page">
      <div className="login-card" aria-live="polite">
        {error ? (
          <>
            <h1 className="login-title">{t('failedTitle')}</h1>
            <p className="login-error sso-error" role="alert">
              {error}
            </p>
            <div className="login-options">
              <Link to="/login">{t('backToLogin')}</Link>
              {getToken() && <Link to="/bind">{t('backToBind')}</Link>}
            </div>
          </>
        ) : (
          <p className="login-subtitle">{t('completing')}</p>
        )}
      </div>
    </main>
  );
}
