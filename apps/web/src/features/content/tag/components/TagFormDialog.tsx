import { TagBody } from '@ccms/contracts/content/tag';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import type { TagRow } from '../tag-api';
import { tagQueries, useSaveTag } from '../tag-queries';

interface Values {
  tagName: string;
  color: string;
  remark: string;
}

const trimmed = (v: Values): Values => ({ tagName: v.tagName.trim(), color: (v.color ?? '').trim(), remark: (v.remark ?? '').trim() });

/**
 * Add (`tagId` undefined) or edit a tag of a library: the worked example of the data layer and the
 * form dialog (shared/form/README.md). Rules come from the contract's TagBody.
 */
export function TagFormDialog({ open, libraryId, tagId, onClose }: { open: boolean; libraryId: number; tagId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('tag');
  const { message } = App.useApp();
  const saveTag = useSaveTag();
  const entity = useEntityForm<Values, TagRow>({
    open,
    load: tagId === undefined ? undefined : tagQueries.detail(tagId),
    toValues: (tag) => ({ tagName: tag.tagName, color: tag.color, remark: tag.remark }),
    defaults: { tagName: '', color: '', remark: '' },
    save: (v) => saveTag.mutateAsync(tagId === undefined ? { libraryId, ...trimmed(v) } : { tagId, ...trimmed(v) }),
    onSaved: () => {
      message.success(tagId === undefined ? t('added') : t('updated'));
      onClose();
    },
  });

  return (
    <FormDialog open={open} title={tagId === undefined ? t('addTitle') : t('editTitle')} width={480} name="tag-form" entity={entity} onClose={onClose}>
      <Form.Item name="tagName" label={t('tagName')} rules={zodRules(TagBody, 'tagName', t('tagName'))}>
        <Input maxLength={zodMaxLength(TagBody, 'tagName')} placeholder={t('tagNamePlaceholder')} />
      </Form.Item>
      <Form.Item name="color" label={t('color')} rules={zodRules(TagBody, 'color', t('color'), { pattern: t('colorInvalid') })}>
        <Input maxLength={zodMaxLength(TagBody, 'color')} placeholder={t('colorPlaceholder')} />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')} rules={zodRules(TagBody, 'remark', t('remark'))}>
        <Input.TextArea maxLength={zodMaxLength(TagBody, 'remark')} rows={3} placeholder={t('remarkPlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
