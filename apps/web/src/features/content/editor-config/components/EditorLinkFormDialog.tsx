import {
  EDITOR_LINK_ICON_LIMIT,
  EDITOR_LINK_MAX_TYPES,
  EDITOR_LINK_TARGETS,
  EDITOR_LINK_VARIABLES,
  type EditorLink,
  EditorLinkBody,
} from '@ccms/contracts/content/editor-config';
import { App, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { ImageUpload } from '../../../../shared/upload/ImageUpload';
import { editorConfigQueries, useSaveEditorLink } from '../editor-config-queries';
import { SuffixListInput } from './SuffixListInput';

const EMPTY: EditorLinkBody = {
  label: '',
  icon: '',
  serverAddress: '',
  parameter: '',
  associationTypes: [],
  target: 'frame',
  status: '0',
  isDefault: 'N',
  remark: '',
};
const VARIABLES = EDITOR_LINK_VARIABLES.map((n) => `$\{${n}}`).join(' ');

/** Add or edit an editor link; the spec's checks (types once each, at most N, one icon) are the server's too. */
export function EditorLinkFormDialog({ open, linkId, onClose }: { open: boolean; linkId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('editor-config');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const saveLink = useSaveEditorLink();
  const entity = useEntityForm<EditorLinkBody, EditorLink>({
    open,
    load: linkId === undefined ? undefined : editorConfigQueries.link(linkId),
    toValues: (l) => ({
      label: l.label,
      icon: l.icon,
      serverAddress: l.serverAddress,
      parameter: l.parameter,
      associationTypes: l.associationTypes,
      target: l.target === 'window' ? 'window' : 'frame',
      status: l.status === '1' ? '1' : '0',
      isDefault: l.isDefault === 'Y' ? 'Y' : 'N',
      remark: l.remark,
    }),
    defaults: EMPTY,
    save: (v) => saveLink.mutateAsync(linkId === undefined ? v : { ...v, linkId }),
    onSaved: () => {
      message.success(tc('success'));
      onClose();
    },
  });
  return (
    <FormDialog
      open={open}
      title={linkId !== undefined ? t('editTitle') : t('addTitle')}
      labelWidth={110}
      width={640}
      name="editor-link-form"
      entity={entity}
      onClose={onClose}
    >
      <Form.Item name="label" label={t('label')} rules={zodRules(EditorLinkBody, 'label', t('label'))}>
        <Input maxLength={zodMaxLength(EditorLinkBody, 'label')} placeholder={t('labelPlaceholder')} />
      </Form.Item>
      <Form.Item name="icon" label={t('icon')} rules={zodRules(EditorLinkBody, 'icon', t('icon'))}>
        <ImageUpload limit={EDITOR_LINK_ICON_LIMIT} />
      </Form.Item>
      <Form.Item name="serverAddress" label={t('serverAddress')} rules={zodRules(EditorLinkBody, 'serverAddress', t('serverAddress'))}>
        <Input maxLength={zodMaxLength(EditorLinkBody, 'serverAddress')} placeholder={t('serverAddressPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="parameter"
        label={t('parameter')}
        extra={t('parameterHint', { names: VARIABLES })}
        rules={zodRules(EditorLinkBody, 'parameter', t('parameter'))}
      >
        <Input maxLength={zodMaxLength(EditorLinkBody, 'parameter')} placeholder={t('parameterPlaceholder')} />
      </Form.Item>
      <Form.Item name="associationTypes" label={t('associationTypes')} rules={zodRules(EditorLinkBody, 'associationTypes', t('associationTypes'))}>
        <SuffixListInput placeholder={t('typesPlaceholder', { max: EDITOR_LINK_MAX_TYPES })} />
      </Form.Item>
      <Form.Item name="target" label={t('target')}>
        <Radio.Group options={EDITOR_LINK_TARGETS.map((v) => ({ value: v, label: t(`targets.${v}`) }))} />
      </Form.Item>
      <Form.Item name="isDefault" label={t('isDefault')}>
        <Radio.Group
          options={[
            { value: 'Y', label: t('yes') },
            { value: 'N', label: t('no') },
          ]}
        />
      </Form.Item>
      <Form.Item name="status" label={t('status')}>
        <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')} rules={zodRules(EditorLinkBody, 'remark', t('remark'))}>
        <Input.TextArea maxLength={zodMaxLength(EditorLinkBody, 'remark')} rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
