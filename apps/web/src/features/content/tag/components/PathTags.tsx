import { TAG_ASSIGN_PERMS } from '@ccms/contracts/content/tag';
import { useQueryClient } from '@tanstack/react-query';
import { Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHasPermi } from '../../../../shared/auth/HasPermi';
import { tagKeys, useAssignTags, usePathTags, useTagOptions } from '../tag-queries';

/**
 * The tags of one document or topic, with adding and removing for those allowed to.
 * For the document and topic screens: `<PathTags libraryId={1} branch="main" path="topics/a.dita" />`
 */
export function PathTags({ libraryId, branch, path, readOnly = false }: { libraryId: number; branch?: string | undefined; path: string; readOnly?: boolean }) {
  const { t } = useTranslation('tag');
  const client = useQueryClient();
  const canAssign = useHasPermi(TAG_ASSIGN_PERMS) && !readOnly;
  const at = { libraryId, ...(branch ? { branch } : {}), path };
  const current = usePathTags(at);
  const options = useTagOptions(libraryId, canAssign);
  const assign = useAssignTags();
  // The answer is the path's tags now: show it at once (the invalidation refreshes the rest).
  const change = ({ add, tagId }: { add: boolean; tagId: number }) =>
    assign.mutate({ add, ...at, tagIds: [tagId] }, { onSuccess: (answer) => client.setQueryData(tagKeys.ofPath(at), answer) });
  const tags = current.data?.tags ?? [];
  const free = (options.data ?? []).filter((o) => !tags.some((g) => g.tagId === o.tagId));
  return (
    <Space wrap size={4} data-testid="path-tags">
      {tags.length === 0 && !canAssign && <span>{t('noTags')}</span>}
      {tags.map((g) => (
        <Tag key={g.tagId} color={g.color || undefined} closable={canAssign} onClose={() => change({ add: false, tagId: g.tagId })}>
          {g.tagName}
        </Tag>
      ))}
      {canAssign && free.length > 0 && (
        <Select
          size="small"
          style={{ minWidth: 120 }}
          placeholder={t('assign')}
          value={null}
          options={free.map((o) => ({ value: o.tagId, label: o.tagName }))}
          onChange={(tagId: number) => change({ add: true, tagId })}
        />
      )}
    </Space>
  );
}
