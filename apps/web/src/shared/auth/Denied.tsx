import { LockOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeniedPurpose, deniedOf, deniedText } from '../../api/denied';

/**
 * The empty state of a list or panel whose call was refused (403): it says which right is
 * missing ("You need the right “Libraries › Query library” (ccms:library:query) to see this")
 * instead of an empty list that reads as "there is nothing". Renders nothing for any other error.
 */
export function DeniedNotice({ error, purpose = 'see' }: { error: unknown; purpose?: DeniedPurpose }) {
  // The text follows the language the user switches to.
  useTranslation('shared');
  const denied = deniedOf(error);
  if (!denied) return null;
  return (
    <Empty
      className="denied-notice"
      image={<LockOutlined style={{ fontSize: 40, color: 'var(--ant-color-text-quaternary, #bfbfbf)' }} />}
      description={<span role="alert">{deniedText(denied, purpose)}</span>}
    />
  );
}

/**
 * A table's empty text for a query that may have been refused: the missing right when it was,
 * else `fallback` (undefined keeps antd's own). Usage: `locale={{ emptyText: emptyTextFor(list.error) }}`.
 */
export function emptyTextFor(error: unknown, fallback?: ReactNode): ReactNode | undefined {
  return deniedOf(error) ? <DeniedNotice error={error} /> : fallback;
}
