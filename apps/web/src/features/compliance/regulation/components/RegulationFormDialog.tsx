import { type Regulation, RegulationBody } from '@ccms/contracts/compliance/regulation';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { regulationQueries, useSaveRegulation } from '../regulation-queries';

interface Values {
  name: string;
  title: string;
  organization: string;
  revision: string;
  issueDate: string;
  description: string;
  owner: string;
}

const FIELDS = ['name', 'title', 'organization', 'revision', 'issueDate', 'owner'] as const;

/** Add (`regulationId` undefined) or edit a regulation; the revision is set once (a new revision is a new row). */
export function RegulationFormDialog({ open, regulationId, onClose }: { open: boolean; regulationId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('compliance');
  const { message } = App.useApp();
  const save = useSaveRegulation();
  const adding = regulationId === undefined;
  const entity = useEntityForm<Values, Regulation>({
    open,
    load: adding ? undefined : regulationQueries.one(regulationId),
    toValues: (r) => ({ ...r }),
    defaults: { name: '', title: '', organization: '', revision: '', issueDate: '', description: '', owner: '' },
    save: ({ revision, ...v }) => save.mutateAsync(adding ? { ...v, revision } : { regulationId, ...v }),
    onSaved: () => {
      message.success(adding ? t('added') : t('updated'));
      onClose();
    },
  });
  return (
    <FormDialog open={open} title={adding ? t('addTitle') : t('editTitle')} width={560} name="regulation-form" entity={entity} onClose={onClose}>
      {FIELDS.map((field) => (
        <Form.Item key={field} name={field} label={t(`fields.${field}`)} rules={zodRules(RegulationBody, field, t(`fields.${field}`))}>
          <Input
            maxLength={zodMaxLength(RegulationBody, field)}
            disabled={field === 'revision' && !adding}
            placeholder={field === 'issueDate' ? 'YYYY-MM-DD' : undefined}
          />
        </Form.Item>
      ))}
      <Form.Item name="description" label={t('fields.description')}>
        <Input.TextArea rows={3} maxLength={zodMaxLength(RegulationBody, 'description')} />
      </Form.Item>
    </FormDialog>
  );
}
