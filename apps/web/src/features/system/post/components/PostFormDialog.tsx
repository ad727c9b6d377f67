import { type Post, PostBody } from '@ccms/contracts/system/post';
import { App, Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { postQueries, useSavePost } from '../post-queries';

export interface PostFormDialogProps {
  open: boolean;
  /** The post to edit; undefined adds one. */
  postId: number | undefined;
  onClose: () => void;
}

const EMPTY: PostBody = { postCode: '', postName: '', postSort: 0, status: '0', remark: '' };

const toValues = ({ postCode, postName, postSort, status, remark }: Post): PostBody => ({
  postCode,
  postName,
  postSort,
  status: status === '1' ? '1' : '0',
  remark,
});

/** Add or edit a post; rules come from the contract's PostBody. */
export function PostFormDialog({ open, postId, onClose }: PostFormDialogProps) {
  const { t } = useTranslation('post');
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const savePost = useSavePost();
  const entity = useEntityForm<PostBody, Post>({
    open,
    load: postId === undefined ? undefined : postQueries.detail(postId),
    toValues,
    defaults: EMPTY,
    save: (values) => savePost.mutateAsync(postId === undefined ? values : { ...values, postId }),
    onSaved: () => {
      message.success(postId === undefined ? t('added') : t('updated'));
      onClose();
    },
  });

  return (
    <FormDialog open={open} title={postId === undefined ? t('addTitle') : t('editTitle')} width={520} name="post-form" entity={entity} onClose={onClose}>
      <Form.Item name="postName" label={t('postName')} rules={zodRules(PostBody, 'postName', t('postName'))}>
        <Input maxLength={zodMaxLength(PostBody, 'postName')} placeholder={t('postNamePlaceholder')} />
      </Form.Item>
      <Form.Item name="postCode" label={t('postCode')} rules={zodRules(PostBody, 'postCode', t('postCode'))}>
        <Input maxLength={zodMaxLength(PostBody, 'postCode')} placeholder={t('postCodePlaceholder')} />
      </Form.Item>
      <Form.Item name="postSort" label={t('postSort')} rules={zodRules(PostBody, 'postSort', t('postSort'))}>
        <InputNumber precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="status" label={t('status')}>
        <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')} rules={zodRules(PostBody, 'remark', t('remark'))}>
        <Input.TextArea maxLength={zodMaxLength(PostBody, 'remark')} rows={3} placeholder={t('remarkPlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
