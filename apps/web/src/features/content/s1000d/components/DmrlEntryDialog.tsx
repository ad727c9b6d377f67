import { type DmcInput, DmrlEntryBody } from '@ccms/contracts/content/s1000d-authoring';
import { App, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useAddDmrlEntry } from '../dml-queries';
import { useDmcOptions } from '../s1000d-queries';
import { DmcCodeFields, dmcOf, dmcPreview } from './DmcCodeFields';

type Segment = keyof DmcInput;
type Values = Record<Exclude<Segment, 'learnCode' | 'learnEventCode'>, string> & {
  learnCode: string;
  learnEventCode: string;
  dmlPath: string;
  techName: string;
  infoName: string;
};

export interface DmrlEntryDialogProps {
  open: boolean;
  libraryId: number;
  branch?: string | undefined;
  /** The data module lists to choose from (path and code); the entry goes into `dmlPath` unless another is chosen. */
  lists: { path: string; code: string }[];
  dmlPath: string | undefined;
  onClose: () => void;
  onAdded?: (result: { path: string; code: string }) => void;
}

/**
 * A new entry of a data module requirement list (issue 31): the planned data module's code built
 * segment by segment from what the DMC builder offers (GET /ccms/s1000d/dmc-options), its technical
 * and information names; the server writes the dmlEntry the schema asks for (a dmRef with its dmTitle,
 * and the project's responsible partner company) into the chosen list as one commit
 * (POST /ccms/s1000d/dmrl-entry). The coverage then lists the planned module as missing.
 */
export function DmrlEntryDialog({ open, libraryId, branch, lists, dmlPath, onClose, onAdded }: DmrlEntryDialogProps) {
  const { t } = useTranslation('s1000d');
  const { message } = App.useApp();
  const add = useAddDmrlEntry();
  const options = useDmcOptions({ libraryId, ...(branch ? { branch } : {}) }, open);
  const o = options.data;
  const entity = useEntityForm<Values>({
    open,
    defaults: {
      dmlPath: dmlPath ?? lists[0]?.path ?? '',
      modelIdentCode: '',
      systemDiffCode: '',
      systemCode: '',
      subSystemCode: '0',
      subSubSystemCode: '0',
      assyCode: '00',
      disassyCode: '00',
      disassyCodeVariant: 'A',
      infoCode: '',
      infoCodeVariant: 'A',
      itemLocationCode: 'A',
      learnCode: '',
      learnEventCode: '',
      techName: '',
      infoName: '',
    },
    save: async (v) => {
      const made = await add.mutateAsync({
        libraryId,
        ...(branch ? { branch } : {}),
        dmlPath: v.dmlPath,
        dmc: dmcOf(v),
        techName: v.techName.trim(),
        ...(v.infoName.trim() ? { infoName: v.infoName.trim() } : {}),
      });
      message.success(t('dmrlEntry.added', { code: dmcPreview(v), list: made.code }));
      if (made.problems.length > 0) message.warning(t('newModule.problems', { count: made.problems.length }));
      onAdded?.({ path: made.path, code: dmcPreview(v) });
      onClose();
    },
  });
  const form = entity.form;
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;
  return (
    <FormDialog open={open} title={t('dmrlEntry.title')} name="dmrl-entry" entity={entity} onClose={onClose} width={760} labelWidth={150}>
      <Form.Item name="dmlPath" label={t('dmrlEntry.list')} rules={[{ required: true, message: t('dmrlEntry.listRequired') }]}>
        <Select data-testid="dmrl-entry-list" options={lists.map((l) => ({ value: l.path, label: l.code }))} />
      </Form.Item>
      <DmcCodeFields form={form} options={o} testIdPrefix="dmrl-entry" requiredMessage={(field) => t('dmrlEntry.segmentRequired', { field })} />
      <Form.Item name="techName" label={t('newModule.techName')} rules={zodRules(DmrlEntryBody, 'techName', t('newModule.techName'))}>
        <Input maxLength={zodMaxLength(DmrlEntryBody, 'techName')} data-testid="dmrl-entry-techName" />
      </Form.Item>
      <Form.Item name="infoName" label={t('newModule.infoName')}>
        <Input maxLength={zodMaxLength(DmrlEntryBody, 'infoName')} data-testid="dmrl-entry-infoName" />
      </Form.Item>
      <Form.Item label={t('newModule.code')}>
        <Typography.Text code data-testid="dmrl-entry-code">
          {dmcPreview(watched ?? {})}
        </Typography.Text>
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('dmrlEntry.hint')}</Typography.Paragraph>
    </FormDialog>
  );
}
