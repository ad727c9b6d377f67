import { LANGUAGES } from '@ccms/contracts/constants';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage, setLanguage } from '../i18n';

/** "中文 | English" text buttons for pages outside the shell (login, register). */
export function LanguageToggle({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLanguage(i18n.language);
  return (
    <fieldset className={`language-toggle ${className}`} aria-label={t('language')}>
      {LANGUAGES.map((l) => (
        <button key={l} type="button" aria-pressed={l === lang} className={l === lang ? 'active' : ''} onClick={() => setLanguage(l)}>
          {t(`languages.${l}`)}
        </button>
      ))}
    </fieldset>
  );
}
