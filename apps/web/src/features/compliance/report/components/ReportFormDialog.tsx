import { REPORT_SCOPES, type ReportScope } from '@ccms/contracts/compliance/compliance-report';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { documentQueries } from '../../../content/document/document-queries';
import { useLibraryOptions } from '../../../content/library/library-queries';
import { publicationQueries } from '../../../publish/publication/publication-queries';
import { projectQueries } from '../../../work/project/project-queries';
import { useReleaseOptions } from '../../../work/release/release-queries';
import { useRegulationOptions } from '../../regulation/regulation-queries';
import { useCreateReport } from '../report-queries';

interface Values {
  name: string;
  regulationId: number;
  scopeType: ReportScope;
  libraryId?: number;
  branch?: string;
  documentId?: number;
  publicationId?: number;
  projectId?: number;
  releaseId?: number;
}

/** A new report: a regulation revision and a scope (library branch, document, publication or project release). */
export function ReportFormDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (reportId: number) => void }) {
  const { t } = useTranslation('compliance');
  const { message } = App.useApp();
  const create = useCreateReport();
  const entity = useEntityForm<Values, Values, { reportId: number }>({
    open,
    defaults: { scopeType: 'document' },
    save: ({ name, regulationId, scopeType: type, libraryId: lib, branch, documentId, publicationId, releaseId }) =>
      create.mutateAsync({
        name,
        scope: {
          regulationId,
          scopeType: type,
          ...(type === 'branch' ? { libraryId: lib, branch: branch || undefined } : {}),
          documentId,
          publicationId,
          releaseId,
        },
      }),
    onSaved: ({ reportId }) => {
      message.success(t('added'));
      onClose();
      onCreated(reportId);
    },
  });
  const form = entity.form;
  const scopeType = Form.useWatch('scopeType', form) ?? 'document';
  const libraryId = Form.useWatch('libraryId', form);
  const projectId = Form.useWatch('projectId', form);
  const regulations = useRegulationOptions();
  const libraries = useLibraryOptions(open);
  const documents = useQuery({
    ...documentQueries.list({ libraryId: libraryId ?? 0, pageNum: 1, pageSize: 200 }),
    enabled: open && !!libraryId && scopeType === 'document',
  });
  const publications = useQuery({
    ...publicationQueries.list({ libraryId: libraryId ?? 0, pageNum: 1, pageSize: 200 }),
    enabled: open && !!libraryId && scopeType === 'publication',
  });
  const projects = useQuery({ ...projectQueries.options(undefined), enabled: open && scopeType === 'release' });
  const releases = useReleaseOptions(projectId, open && scopeType === 'release');
  const required = (label: string) => [{ required: true, message: label }];

  return (
    <FormDialog open={open} title={t('report.addTitle')} name="report-form" layout="vertical" entity={entity} onClose={onClose}>
      <Form.Item name="name" label={t('report.name')} rules={required(t('report.name'))}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="regulationId" label={t('report.regulation')} rules={required(t('report.regulation'))}>
        <Select
          showSearch
          optionFilterProp="label"
          options={(regulations.data?.rows ?? []).map((r) => ({ value: r.regulationId, label: `${r.name} ${r.revision}` }))}
        />
      </Form.Item>
      <Form.Item name="scopeType" label={t('report.scopeType')}>
        <Select options={REPORT_SCOPES.map((s) => ({ value: s, label: t(`report.scopes.${s}`) }))} />
      </Form.Item>
      {scopeType === 'release' ? (
        <>
          <Form.Item name="projectId" label={t('report.project')} rules={required(t('report.project'))}>
            <Select showSearch optionFilterProp="label" options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.title }))} />
          </Form.Item>
          <Form.Item name="releaseId" label={t('report.release')} rules={required(t('report.release'))} extra={t('report.releaseHint')}>
            <Select options={(releases.data ?? []).map((r) => ({ value: r.id, label: r.title }))} />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="libraryId" label={t('report.library')} rules={required(t('report.library'))}>
          <Select options={(libraries.data ?? []).map((l) => ({ value: l.libraryId, label: l.name }))} />
        </Form.Item>
      )}
      {scopeType === 'branch' && (
        <Form.Item name="branch" label={t('report.branch')}>
          <Input maxLength={200} />
        </Form.Item>
      )}
      {scopeType === 'document' && (
        <Form.Item name="documentId" label={t('report.document')} rules={required(t('report.document'))}>
          <Select showSearch optionFilterProp="label" options={(documents.data?.rows ?? []).map((d) => ({ value: d.documentId, label: d.name || d.path }))} />
        </Form.Item>
      )}
      {scopeType === 'publication' && (
        <Form.Item name="publicationId" label={t('report.publication')} rules={required(t('report.publication'))}>
          <Select options={(publications.data?.rows ?? []).map((p) => ({ value: p.publicationId, label: p.name }))} />
        </Form.Item>
      )}
    </FormDialog>
  );
}
