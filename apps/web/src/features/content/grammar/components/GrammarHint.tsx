import { GrammarPerm } from '@ccms/contracts/content/grammar';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { useGrammarStatus } from '../grammar-queries';

/**
 * The first-start hint while no DITA grammar package is installed: what validation uses instead
 * (the machine's catalog, or structure rules only) and where to install one.
 */
export function GrammarHint({ link = false }: { link?: boolean }) {
  // Without suspending: on Doctypes the hint's namespace loads after the page has shown, and a
  // suspended page there would swallow a navigation made meanwhile.
  const { t, ready } = useTranslation('grammar', { useSuspense: false });
  const status = useGrammarStatus();
  if (!ready || !status.data || status.data.installed > 0) return null;
  const fallback = status.data.machineVersion ? t('hintMachine', { version: status.data.machineVersion }) : t('hintNoMachine');
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="grammar-hint"
      title={t('hintTitle')}
      description={
        <>
          {fallback} {t('hintInstall')}
          {link && (
            <HasPermi value={[GrammarPerm.list]}>
              {' '}
              <Link to="/manager/settings/grammar">{t('hintLink')}</Link>
            </HasPermi>
          )}
        </>
      }
    />
  );
}
