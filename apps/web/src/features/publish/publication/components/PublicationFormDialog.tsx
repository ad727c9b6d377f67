import type { Publication } from '@ccms/contracts/publish/publication';
import { PublicationBody } from '@ccms/contracts/publish/publication';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { standardOf } from '../../../../shared/content-standard';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { publicationQueries, useSavePublication } from '../publication-queries';
import { DitaPublicationFields } from './DitaPublicationFields';
import { S1000dPublicationFields } from './S1000dPublicationFields';

interface Values {
  name: string;
  branch: string;
  ditaMap: string;
  ditaVal: string;
}

const FIELDS = ['name', 'branch', 'ditaMap', 'ditaVal'] as const;

/**
 * Add (`publicationId` undefined) or edit a publication: name, branch, map and DITAVAL file or filter
 * group, all required. An S1000D library's publication picks a publication module and an
 * applicability selection instead (S1000dPublicationFields).
 */
export function PublicationFormDialog({
  open,
  libraryId,
  libraryType,
  defaultBranch,
  publicationId,
  onClose,
}: {
  open: boolean;
  libraryId: number;
  /** The library's type (DITA, S1000D, ...): which fields the document and the filter are. */
  libraryType?: string;
  defaultBranch: string;
  publicationId: number | undefined;
  onClose: () => void;
}) {
  // ATA Spec 2300 publishes a PM for an aircraft as S1000D does (its applicability answers alike).
  const s1000d = ['s1000d', 'ata2300'].includes(standardOf(libraryType).id);
  const { t } = useTranslation('publication');
  const { message } = App.useApp();
  const save = useSavePublication();
  const entity = useEntityForm<Values, Publication>({
    open,
    load: publicationId === undefined ? undefined : publicationQueries.detail(publicationId),
    toValues: (p) => ({ name: p.name, branch: p.branch, ditaMap: p.ditaMap, ditaVal: p.ditaVal }),
    defaults: { name: '', branch: defaultBranch, ditaMap: '', ditaVal: '' },
    save: (v) => save.mutateAsync(publicationId === undefined ? { libraryId, ...v } : { publicationId, ...v }),
    onSaved: () => {
      message.success(publicationId === undefined ? t('added') : t('updated'));
      onClose();
    },
  });
  const branch = Form.useWatch('branch', entity.form) ?? defaultBranch;
  // DITA picks its map and filter from the branch's lists; a standard without lists of its own types them.
  const dita = standardOf(libraryType).id === 'dita';
  const fields = s1000d || dita ? (['name', 'branch'] as const) : FIELDS;
  return (
    <FormDialog
      open={open}
      title={publicationId === undefined ? t('addTitle') : t('editTitle')}
      width={520}
      name="publication-form"
      entity={entity}
      onClose={onClose}
    >
      {fields.map((field) => (
        <Form.Item
          key={field}
          name={field}
          label={t(`fields.${field}`)}
          rules={zodRules(PublicationBody, field, t(`fields.${field}`))}
          extra={t(`hints.${field}`)}
        >
          <Input maxLength={zodMaxLength(PublicationBody, field)} />
        </Form.Item>
      ))}
      {s1000d && <S1000dPublicationFields libraryId={libraryId} branch={branch} />}
      {dita && <DitaPublicationFields libraryId={libraryId} branch={branch} />}
    </FormDialog>
  );
}
