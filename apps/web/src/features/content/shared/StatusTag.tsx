import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isStatus, STATUS_COLORS } from './catalog-status';

/** A document or topic status as a coloured tag in the UI language. */
export function StatusTag({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('document');
  if (!status) return null;
  if (!isStatus(status)) return <Tag>{status}</Tag>;
  return (
    <Tag color={STATUS_COLORS[status]} data-status={status}>
      {t(`statuses.${status}`)}
    </Tag>
  );
}
