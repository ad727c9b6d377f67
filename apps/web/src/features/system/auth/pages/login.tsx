import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../../../api/auth';
import { LanguageToggle } from '../../../../shared/LanguageToggle';
import { useSession } from '../../../../state/session-store';
import { profileApi } from '../../profile/profile-api';
import { SSO_RETURN_KEY, ssoApi } from '../../sso/sso-api';
import { type LoginField, type LoginValues, type NewPasswordField, type NewPasswordValues, validateLogin, validateNewPassword } from '../login-form';
import { readRemembered, safeRedirect, writeRemembered } from '../remember-me';
import '../auth.css';

const ICONS = {
  username: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v1h16v-1c0-2.8-3.6-5-8-5Z',
  password: 'M17 9h-1V7a4 4 0 1 0-8 0v2H7a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2Zm-7-2a2 2 0 1 1 4 0v2h-4V7Z',
  code: 'M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Zm-1 14-4-4 1.4-1.4 2.6 2.6 5.6-5.6L18 9l-7 7Z',
} as const;

function FieldIcon({ d }: { d: string }) {
  return (
    <svg className="login-field-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

/**
 * Sign-in page (spec sections 2 and 5): user name, password, captcha image that refreshes on
 * click when enabled, remember me. Plain markup, no antd: this is the first screen and must stay
 * small; errors of the call still show through the request layer's toasts.
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useSession((s) => s.login);
  const id = useId();
  const [values, setValues] = useState<LoginValues>(() => {
    const remembered = readRemembered();
    return { username: remembered.username, password: '', code: '', rememberMe: remembered.rememberMe };
  });
  const [touched, setTouched] = useState<Partial<Record<LoginField, boolean>>>({});
  const [loading, setLoading] = useState(false);
  const [captcha, setCaptcha] = useState({ enabled: false, img: '', uuid: '' });
  /** Signed in with a password someone else set: the new one comes first (the server refuses everything else). */
  const [mustChange, setMustChange] = useState(false);
  const [fresh, setFresh] = useState<NewPasswordValues>({ newPassword: '', confirmPassword: '' });
  const [freshTouched, setFreshTouched] = useState<Partial<Record<NewPasswordField, boolean>>>({});

  const refreshCaptcha = useCallback(async () => {
    try {
      const res = await authApi.captcha();
      const enabled = res.captchaEnabled !== false;
      // The server sends base64 of a PNG without the data: prefix, as RuoYi's back end does.
      setCaptcha({ enabled, img: enabled && res.img ? `data:image/png;base64,${res.img}` : '', uuid: res.uuid ?? '' });
    } catch {
      // The request layer already showed the error.
    }
  }, []);

  useEffect(() => {
    refreshCaptcha();
  }, [refreshCaptcha]);

  /** The single sign-on provider, when the administrator configured one. */
  const { t: ts } = useTranslation('sso');
  const [provider, setProvider] = useState('');
  const [ssoGoing, setSsoGoing] = useState(false);
  useEffect(() => {
    ssoApi.info().then(
      // An answer without the provider (a server without single sign-on) shows no button.
      (res) => setProvider(res.data?.enabled ? res.data.displayName : ''),
      () => setProvider(''),
    );
  }, []);
  const startSso = async () => {
    setSsoGoing(true);
    sessionStorage.setItem(SSO_RETURN_KEY, safeRedirect(params.get('redirect')));
    try {
      window.location.assign((await ssoApi.startLogin()).data.url);
    } catch {
      setSsoGoing(false);
    }
  };

  const errors = validateLogin(values, captcha.enabled);
  const shown = (field: LoginField) => (touched[field] && errors[field] ? t(errors[field]) : '');

  const change = (field: keyof LoginValues) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = field === 'rememberMe' ? e.target.checked : e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (field !== 'rememberMe') setTouched((tt) => ({ ...tt, [field]: true }));
  };
  const blur = (field: LoginField) => () => setTouched((tt) => ({ ...tt, [field]: true }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ username: true, password: true, code: true });
    if (Object.keys(errors).length > 0 || loading) return;
    setLoading(true);
    writeRemembered(values.username.trim(), values.rememberMe);
    try {
      await login({ username: values.username, password: values.password, code: values.code, uuid: captcha.uuid });
      if ((await authApi.getInfo()).pwdChangeRequired) {
        setMustChange(true);
        setLoading(false);
        return;
      }
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      setLoading(false);
      if (captcha.enabled) {
        setValues((v) => ({ ...v, code: '' }));
        setTouched((tt) => ({ ...tt, code: false }));
        refreshCaptcha();
      }
    }
  };

  const freshErrors = validateNewPassword(fresh, values.password);
  const submitFresh = async (e: FormEvent) => {
    e.preventDefault();
    setFreshTouched({ newPassword: true, confirmPassword: true });
    if (Object.keys(freshErrors).length > 0 || loading) return;
    setLoading(true);
    try {
      await profileApi.updatePassword({ oldPassword: values.password, newPassword: fresh.newPassword });
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      setLoading(false);
    }
  };
  const cancelChange = async () => {
    await useSession.getState().logout();
    setMustChange(false);
    setValues((v) => ({ ...v, password: '' }));
    setFresh({ newPassword: '', confirmPassword: '' });
    setFreshTouched({});
    refreshCaptcha();
  };

  const freshField = (name: NewPasswordField, placeholder: string) => {
    const error = freshTouched[name] && freshErrors[name] ? t(freshErrors[name]) : '';
    return (
      <div className={`login-field${error ? ' has-error' : ''}`}>
        <div className="login-input">
          <FieldIcon d={ICONS.password} />
          <input
            id={`${id}-${name}`}
            name={name}
            type="password"
            value={fresh[name]}
            placeholder={placeholder}
            aria-label={placeholder}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-${name}-error` : undefined}
            autoComplete="new-password"
            onChange={(e) => {
              const value = e.target.value;
              setFresh((f) => ({ ...f, [name]: value }));
              setFreshTouched((tt) => ({ ...tt, [name]: true }));
            }}
            onBlur={() => setFreshTouched((tt) => ({ ...tt, [name]: true }))}
          />
        </div>
        <div className="login-error" id={`${id}-${name}-error`} role={error ? 'alert' : undefined}>
          {error}
        </div>
      </div>
    );
  };

  const field = (name: LoginField, type: string, placeholder: string, autoComplete: string, maxLength?: number) => {
    const error = shown(name);
    return (
      <div className={`login-field${error ? ' has-error' : ''}`}>
        <div className="login-input">
          <FieldIcon d={ICONS[name]} />
          <input
            id={`${id}-${name}`}
            name={name}
            type={type}
            value={values[name]}
            placeholder={placeholder}
            aria-label={placeholder}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-${name}-error` : undefined}
            autoComplete={autoComplete}
            maxLength={maxLength}
            onChange={change(name)}
            onBlur={blur(name)}
          />
        </div>
        <div className="login-error" id={`${id}-${name}-error`} role={error ? 'alert' : undefined}>
          {error}
        </div>
      </div>
    );
  };

  return (
    <main className="login-page">
      <LanguageToggle />
      <div className="login-card">
        <div className="login-brand">
          <img src="/favicon.svg" alt="" />
          <h1 className="login-title">{t('title')}</h1>
        </div>
        {mustChange ? (
          <>
            <p className="login-subtitle">{t('changeNotice')}</p>
            <form onSubmit={submitFresh} noValidate aria-label={t('changeTitle')}>
              {freshField('newPassword', t('newPassword'))}
              {freshField('confirmPassword', t('confirmPassword'))}
              <button type="submit" className="login-submit" disabled={loading} aria-busy={loading}>
                {loading && <span className="login-spinner" aria-hidden="true" />}
                {loading ? t('changing') : t('changeSubmit')}
              </button>
              <div className="login-options">
                <button type="button" className="login-link" onClick={cancelChange}>
                  {t('changeCancel')}
                </button>
              </div>
            </form>
          </>
        ) : (
          <>
            <p className="login-subtitle">{t('subtitle')}</p>
            <form onSubmit={submit} noValidate aria-label={t('login')}>
              {field('username', 'text', t('username'), 'username')}
              {field('password', 'password', t('password'), 'current-password')}
              {captcha.enabled && (
                <div className="login-code">
                  {field('code', 'text', t('captcha'), 'off', 8)}
                  <button type="button" className="login-code-img" onClick={refreshCaptcha} title={t('captchaAlt')}>
                    {captcha.img && <img src={captcha.img} alt={t('captchaAlt')} />}
                  </button>
                </div>
              )}
              <div className="login-options">
                <label className="login-remember">
                  <input type="checkbox" name="rememberMe" checked={values.rememberMe} onChange={change('rememberMe')} />
                  <span>{t('rememberMe')}</span>
                </label>
                <Link to="/register">{t('register')}</Link>
              </div>
              <button type="submit" className="login-submit" disabled={loading} aria-busy={loading}>
                {loading && <span className="login-spinner" aria-hidden="true" />}
                {loading ? t('loggingIn') : t('login')}
              </button>
            </form>
            {provider && (
              <button type="button" className="login-sso" onClick={startSso} disabled={ssoGoing} aria-busy={ssoGoing}>
                {ssoGoing ? ts('redirecting', { name: provider }) : ts('signInWith', { name: provider })}
              </button>
            )}
          </>
        )}
      </div>
      <footer className="login-footer">{t('copyright')}</footer>
    </main>
  );
}
