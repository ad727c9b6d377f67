import { RegulationRelationPerm } from '@ccms/contracts/compliance/regulation';
import { List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHasPermi } from '../../../../shared/auth/HasPermi';
import { useLinks } from '../regulation-queries';

/**
 * In the topic editor: the clauses this topic answers, each with the element it is linked to
 * (or the whole topic), its means of compliance and whether it waits for re-verifying.
 */
export function EditorRegulationsPane({ topicId }: { topicId: number | undefined }) {
  const { t } = useTranslation('compliance');
  const canList = useHasPermi([RegulationRelationPerm.list]);
  const links = useLinks({ topicId: topicId ?? 0, pageNum: 1, pageSize: 100 }, canList && !!topicId);
  return (
    <List
      size="small"
      data-testid="editor-regulations"
      loading={links.isFetching}
      locale={{ emptyText: t('link.none') }}
      dataSource={links.data?.rows ?? []}
      renderItem={(l) => (
        <List.Item key={l.linkId} data-testid="editor-regulation-link">
          <div>
            <Typography.Text strong>
              {l.regulationName} {l.clauseNumber}
            </Typography.Text>{' '}
            <Typography.Text type="secondary">{l.clauseTitle}</Typography.Text>
            <div>
              <Tag>{l.elementId ? `#${l.elementId}` : t('link.wholeTopic')}</Tag>
              <Tag color="blue">{l.means}</Tag>
              {l.flagged && <Tag color="orange">{t('link.flagged')}</Tag>}
            </div>
          </div>
        </List.Item>
      )}
    />
  );
}
