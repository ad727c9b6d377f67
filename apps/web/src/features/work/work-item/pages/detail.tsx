import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { WorkItemDetail } from '../components/WorkItemDetail';
import '../work-item.css';

/** Work item detail (/ccms/staging/detail?id=...): actions, fields, comments, attachments, history. */
export default function WorkItemDetailPage() {
  const { t } = useTranslation('work-item');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) return <Result status="warning" title={t('detail.missingId')} />;
  return <WorkItemDetail key={id} workItemId={id} />;
}
