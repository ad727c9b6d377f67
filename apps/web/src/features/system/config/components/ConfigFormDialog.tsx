import { type Config, ConfigBody } from '@ccms/contracts/system/config';
import { App, Form, Input, Radio } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { configQueries, useSaveConfig } from '../config-queries';

export interface ConfigFormDialogProps {
  open: boolean;
  /** The parameter to edit; undefined adds one. */
  configId: number | undefined;
  onClose: () => void;
}

const EMPTY: ConfigBody = { configName: '', configNameEn: '', configKey: '', configValue: '', configType: 'N', remark: '' };

const toValues = ({ configName, configNameEn, configKey, configValue, configType, remark }: Config): ConfigBody => ({
  configName,
  configNameEn,
  configKey,
  configValue,
  configType: configType === 'Y' ? 'Y' : 'N',
  remark,
});

/** Add or edit a config parameter; rules come from the contract's ConfigBody. */
export function ConfigFormDialog({ open, configId, onClose }: ConfigFormDialogProps) {
  const { t } = useTranslation('config');
  const { message } = App.useApp();
  const yesNo = useDict('sys_yes_no');
  const saveConfig = useSaveConfig();
  /** Stored secrets the last save cleared: the user is told to enter them again instead of a plain "updated". */
  const cleared = useRef<string[]>([]);
  const entity = useEntityForm<ConfigBody, Config>({
    open,
    load: configId === undefined ? undefined : configQueries.detail(configId),
    toValues,
    defaults: EMPTY,
    save: async (values) => {
      const body = await saveConfig.mutateAsync(configId === undefined ? values : { ...values, configId });
      cleared.current = body.data?.clearedSecrets ?? [];
    },
    onSaved: () => {
      if (cleared.current.length > 0) message.warning(t('secretCleared', { keys: cleared.current.join(', ') }));
      else message.success(configId === undefined ? t('added') : t('updated'));
      onClose();
    },
  });

  return (
    <FormDialog
      open={open}
      title={configId === undefined ? t('addTitle') : t('editTitle')}
      labelWidth={110}
      name="config-form"
      entity={entity}
      onClose={onClose}
    >
      <Form.Item name="configName" label={t('configName')} rules={zodRules(ConfigBody, 'configName', t('configName'))}>
        <Input maxLength={zodMaxLength(ConfigBody, 'configName')} placeholder={t('configNamePlaceholder')} />
      </Form.Item>
      <Form.Item name="configNameEn" label={t('configNameEn')} rules={zodRules(ConfigBody, 'configNameEn', t('configNameEn'))}>
        <Input maxLength={zodMaxLength(ConfigBody, 'configNameEn')} placeholder={t('configNameEnPlaceholder')} />
      </Form.Item>
      <Form.Item name="configKey" label={t('configKey')} rules={zodRules(ConfigBody, 'configKey', t('configKey'))}>
        <Input maxLength={zodMaxLength(ConfigBody, 'configKey')} placeholder={t('configKeyPlaceholder')} />
      </Form.Item>
      <Form.Item name="configValue" label={t('configValue')} rules={zodRules(ConfigBody, 'configValue', t('configValue'))}>
        <Input.TextArea maxLength={zodMaxLength(ConfigBody, 'configValue')} autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('configValuePlaceholder')} />
      </Form.Item>
      <Form.Item name="configType" label={t('configType')}>
        <Radio.Group options={yesNo.map((s) => ({ value: s.value, label: s.label }))} />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')} rules={zodRules(ConfigBody, 'remark', t('remark'))}>
        <Input.TextArea maxLength={zodMaxLength(ConfigBody, 'remark')} rows={3} placeholder={t('remarkPlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
