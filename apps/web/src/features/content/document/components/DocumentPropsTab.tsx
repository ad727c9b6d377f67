import { type DocumentDetail, DocumentPerm, DocumentProps } from '@ccms/contracts/content/document';
import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHasPermi } from '../../../../shared/auth/HasPermi';
import { type CatalogMetadata, MetadataForm } from '../../catalog/MetadataForm';
import { formatTime } from '../../shared/catalog-status';
import { StatusTag } from '../../shared/StatusTag';
import { useUpdateDocument } from '../document-queries';

interface PropsValues extends CatalogMetadata {
  approval: string;
  manualStatus: string;
}

/** The properties tab: what git holds (read only) and the database metadata (editable with write access). */
export function DocumentPropsTab({ document: d }: { document: DocumentDetail }) {
  const { t } = useTranslation('document');
  const editable = useHasPermi([DocumentPerm.edit]) && d.canWrite;
  const update = useUpdateDocument();
  return (
    <>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('docNbr')}>{d.docNbr}</Descriptions.Item>
        <Descriptions.Item label={t('name')}>{d.name}</Descriptions.Item>
        <Descriptions.Item label={t('path')}>{d.path}</Descriptions.Item>
        <Descriptions.Item label={t('revision')}>{d.revision}</Descriptions.Item>
        <Descriptions.Item label={t('lang')}>{d.lang}</Descriptions.Item>
        <Descriptions.Item label={t('status')}>
          <StatusTag status={d.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('mapType')}>
          {d.isBookmap ? 'bookmap' : 'map'}
          {d.isSubmap && <Tag style={{ marginInlineStart: 8 }}>{t('submap')}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('topicCount')}>{d.topicCount}</Descriptions.Item>
        <Descriptions.Item label={t('brokenCount')}>{d.brokenCount}</Descriptions.Item>
        <Descriptions.Item label={t('problems')}>{d.problems}</Descriptions.Item>
        <Descriptions.Item label={t('createTime')}>{formatTime(d.createTime)}</Descriptions.Item>
        <Descriptions.Item label={t('updateTime')}>{formatTime(d.updateTime)}</Descriptions.Item>
      </Descriptions>
      <MetadataForm<PropsValues>
        ns="document"
        name="document-props"
        schema={DocumentProps}
        editable={editable}
        initialValues={{
          owner: d.owner,
          percentage: d.percentage,
          approval: d.approval,
          category: d.category,
          department: d.department,
          manualStatus: d.manualStatus,
          tags: d.tags,
        }}
        extraFields={[
          { name: 'manualStatus', label: t('manualStatus') },
          { name: 'approval', label: t('approval') },
        ]}
        colMd={8}
        save={(v) => update.mutateAsync({ documentId: d.documentId, ...v })}
      />
    </>
  );
}
