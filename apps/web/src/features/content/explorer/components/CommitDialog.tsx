import { UploadFields } from '@ccms/contracts/content/explorer';
import { Form, Input } from 'antd';
import type { UploadFile } from 'antd/es/upload';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';

export interface CommitValues {
  message: string;
  name?: string;
  target?: string;
  files?: UploadFile[];
}

export interface CommitDialogProps {
  open: boolean;
  title: string;
  /** The values the fields start with: the prefilled commit message (the user may change it), a name, a target folder. */
  defaults: CommitValues;
  /** Extra fields above the message (name, target folder, files). */
  children?: ReactNode;
  /** Sends the commit (a `useCommitChange` mutation). */
  save: (values: CommitValues) => Promise<unknown>;
  onSaved: () => void;
  onClose: () => void;
}

/** Every change to a library is a commit: this asks for its message (and the action's fields). */
export function CommitDialog({ open, title, defaults, children, save, onSaved, onClose }: CommitDialogProps) {
  const { t } = useTranslation('explorer');
  const entity = useEntityForm<CommitValues>({ open, defaults, save, onSaved });
  return (
    <FormDialog open={open} title={title} name="commit-form" entity={entity} onClose={onClose}>
      {children}
      <Form.Item name="message" label={t('commitMessage')} rules={zodRules(UploadFields, 'message', t('commitMessage'))}>
        <Input.TextArea rows={3} maxLength={zodMaxLength(UploadFields, 'message')} />
      </Form.Item>
    </FormDialog>
  );
}
