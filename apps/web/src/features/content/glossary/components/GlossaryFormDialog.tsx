import { GlossaryBody, type GlossaryKind } from '@ccms/contracts/content/glossary';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import type { GlossaryRow } from '../glossary-api';
import { useSaveGlossary } from '../glossary-queries';

interface Values {
  name: string;
  definition: string;
}

export interface GlossaryFormDialogProps {
  kind: GlossaryKind;
  open: boolean;
  /** The entry to edit; null adds one. */
  entry: GlossaryRow | null;
  scope: { libraryId: number; branch?: string | undefined };
  onClose: () => void;
}

/** Add or edit an abbreviation or term (name, definition): each save is one commit to the library. */
export function GlossaryFormDialog({ kind, open, entry, scope, onClose }: GlossaryFormDialogProps) {
  const { t } = useTranslation('glossary');
  const { message } = App.useApp();
  const kindText = t(`glossary.${kind}`);
  const labels =
    kind === 'abbreviation'
      ? { name: t('glossary.abbreviationName'), definition: t('glossary.abbreviationDefinition') }
      : { name: t('glossary.name'), definition: t('glossary.definition') };
  const saveEntry = useSaveGlossary(kind);
  const entity = useEntityForm<Values>({
    open,
    defaults: entry ? { name: entry.name, definition: entry.definition } : { name: '', definition: '' },
    save: (v) => {
      const values = { name: v.name.trim(), definition: v.definition.trim() };
      return saveEntry.mutateAsync(entry ? { ...scope, id: entry.id, ...values } : { ...scope, ...values }).then((r) => {
        message.success(t(entry ? 'glossary.updated' : 'glossary.added', { commit: r.commit.slice(0, 8) }));
      });
    },
    onSaved: onClose,
  });

  return (
    <FormDialog
      open={open}
      title={t(entry ? 'glossary.editTitle' : 'glossary.addTitle', { kind: kindText })}
      name={`${kind}-form`}
      entity={entity}
      onClose={onClose}
    >
      <Form.Item name="name" label={labels.name} rules={zodRules(GlossaryBody, 'name', labels.name, { required: t('glossary.nameRequired') })}>
        <Input maxLength={zodMaxLength(GlossaryBody, 'name')} placeholder={t('glossary.namePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="definition"
        label={labels.definition}
        rules={zodRules(GlossaryBody, 'definition', labels.definition, { required: t('glossary.definitionRequired') })}
      >
        <Input.TextArea maxLength={zodMaxLength(GlossaryBody, 'definition')} rows={4} placeholder={t('glossary.definitionPlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
