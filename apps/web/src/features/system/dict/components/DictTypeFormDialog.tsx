import { type DictType, DictTypeBody } from '@ccms/contracts/system/dict';
import { App, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { dictQueries, useSaveDictType } from '../dict-queries';

export interface DictTypeFormDialogProps {
  open: boolean;
  /** The type to edit; undefined adds one. */
  dictId: number | undefined;
  onClose: () => void;
}

const EMPTY: DictTypeBody = { dictName: '', dictType: '', status: '0', remark: '' };

const toValues = ({ dictName, dictType, status, remark }: DictType): DictTypeBody => ({ dictName, dictType, status: status === '1' ? '1' : '0', remark });

/** Add or edit a dictionary type; rules come from the contract's DictTypeBody. */
export function DictTypeFormDialog({ open, dictId, onClose }: DictTypeFormDialogProps) {
  const { t } = useTranslation('dict');
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const saveType = useSaveDictType();
  const entity = useEntityForm<DictTypeBody, DictType>({
    open,
    load: dictId === undefined ? undefined : dictQueries.detail(dictId),
    toValues,
    defaults: EMPTY,
    save: (values) => saveType.mutateAsync(dictId === undefined ? values : { ...values, dictId }),
    onSaved: () => {
      message.success(dictId === undefined ? t('added') : t('updated'));
      onClose();
    },
  });

  return (
    <FormDialog
      open={open}
      title={dictId === undefined ? t('addTypeTitle') : t('editTypeTitle')}
      width={520}
      labelWidth={110}
      name="dict-type-form"
      entity={entity}
      onClose={onClose}
    >
      <Form.Item name="dictName" label={t('dictName')} rules={zodRules(DictTypeBody, 'dictName', t('dictName'))}>
        <Input maxLength={zodMaxLength(DictTypeBody, 'dictName')} placeholder={t('dictNamePlaceholder')} />
      </Form.Item>
      <Form.Item name="dictType" label={t('dictType')} rules={zodRules(DictTypeBody, 'dictType', t('dictType'), { pattern: t('dictTypeFormat') })}>
        <Input maxLength={zodMaxLength(DictTypeBody, 'dictType')} placeholder={t('dictTypePlaceholder')} />
      </Form.Item>
      <Form.Item name="status" label={t('status')}>
        <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')} rules={zodRules(DictTypeBody, 'remark', t('remark'))}>
        <Input.TextArea maxLength={zodMaxLength(DictTypeBody, 'remark')} rows={3} placeholder={t('remarkPlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
