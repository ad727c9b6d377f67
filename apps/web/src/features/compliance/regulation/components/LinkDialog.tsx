import { LINK_TARGETS, type LinkBody, type LinkTarget, MEANS_OF_COMPLIANCE } from '@ccms/contracts/compliance/regulation';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { useDebounced } from '../../../../shared/use-debounced';
import { documentQueries } from '../../../content/document/document-queries';
import { useLibraryOptions } from '../../../content/library/library-queries';
import { topicQueries } from '../../../content/topic/topic-queries';
import { regulationApi } from '../regulation-api';
import { useClauses, useLinkChange, useRegulationOptions } from '../regulation-queries';

interface Values {
  regulationId?: number;
  clauseId?: number;
  targetType: LinkTarget;
  libraryId?: number;
  topicId?: number;
  documentId?: number;
  elementId?: string;
  workItemId?: number;
  means: string;
  comment?: string;
}

/** An element of the topic open in the editor: its id, whether the editor gives it that id now, and whether the topic is saved first. */
export interface EditorElement {
  name: string;
  id: string;
  isNew: boolean;
  mustSave: boolean;
}

/**
 * Links a clause to what answers it. From the regulation side (`clauseId` given) the content is
 * picked through the catalogue search; from a topic (`topic` given) the regulation and clause are
 * picked; from the topic editor (`topic` and `element` given) the link is to that element, and
 * `beforeLink` first saves the topic when the element's id is not in its saved version yet.
 */
export function LinkDialog({
  open,
  onClose,
  clauseId,
  topic,
  element,
  beforeLink,
}: {
  open: boolean;
  onClose: () => void;
  clauseId?: number;
  topic?: { topicId: number; libraryId: number; title: string };
  element?: EditorElement | null;
  beforeLink?: () => Promise<boolean>;
}) {
  const { t } = useTranslation('compliance');
  const { message } = App.useApp();
  const add = useLinkChange(regulationApi.addLink);
  const entity = useEntityForm<Values, Values, boolean>({
    open,
    defaults: { targetType: 'topic', means: 'MC0' },
    save: async (v) => {
      // OK spins while the topic is saved first, then while the link is made.
      if (beforeLink && !(await beforeLink())) return false;
      const body = {
        clauseId: clauseId ?? v.clauseId ?? 0,
        targetType: element ? 'element' : v.targetType,
        topicId: topic?.topicId ?? v.topicId,
        documentId: v.documentId,
        elementId: element ? element.id : v.elementId,
        workItemId: v.workItemId,
        means: v.means,
        comment: v.comment ?? '',
      };
      // The server checks the body against the same contract and names a missing field.
      await add.mutateAsync(body as z.input<typeof LinkBody>);
      return true;
    },
    onSaved: (linked) => {
      if (!linked) return;
      message.success(t('added'));
      onClose();
    },
  });
  const form = entity.form;
  const targetType = Form.useWatch('targetType', form) ?? 'topic';
  const regulationId = Form.useWatch('regulationId', form);
  const libraryId = Form.useWatch('libraryId', form);
  const [clauseSearch, setClauseSearch] = useState('');
  const [contentSearch, setContentSearch] = useState('');
  const clauseKeyword = useDebounced(clauseSearch, 250);
  const contentKeyword = useDebounced(contentSearch, 250);
  // Asked when the dialog opens: the topic editor keeps it mounted for every writer, most of whom may not list regulations.
  const regulations = useRegulationOptions(open);
  const clauses = useClauses({ regulationId: regulationId ?? 0, keyword: clauseKeyword || undefined, pageSize: 50 }, open && !clauseId && !!regulationId);
  const libraries = useLibraryOptions(open && !topic);
  const topics = useQuery({
    ...topicQueries.list({ libraryId: libraryId ?? 0, title: contentKeyword || undefined, pageNum: 1, pageSize: 30 }),
    enabled: open && !topic && !!libraryId && targetType !== 'document' && targetType !== 'workItem',
  });
  const documents = useQuery({
    ...documentQueries.list({ libraryId: libraryId ?? 0, name: contentKeyword || undefined, pageNum: 1, pageSize: 30 }),
    enabled: open && !topic && !!libraryId && targetType === 'document',
  });
  const types = topic ? (['topic', 'element'] as const) : LINK_TARGETS;

  return (
    <FormDialog open={open} title={t('link.addTitle')} name="link-form" layout="vertical" width={620} entity={entity} onClose={onClose}>
      {!clauseId && (
        <>
          <Form.Item name="regulationId" label={t('link.regulation')} rules={[{ required: true, message: t('link.chooseRegulation') }]}>
            <Select
              showSearch
              optionFilterProp="label"
              options={(regulations.data?.rows ?? [])
                .filter((r) => r.abilities.write)
                .map((r) => ({ value: r.regulationId, label: `${r.name} ${r.revision}` }))}
            />
          </Form.Item>
          <Form.Item name="clauseId" label={t('link.clause')} rules={[{ required: true, message: t('link.clause') }]}>
            <Select
              showSearch
              filterOption={false}
              onSearch={setClauseSearch}
              options={(clauses.data?.rows ?? []).map((c) => ({ value: c.clauseId, label: `${c.number} ${c.title}` }))}
            />
          </Form.Item>
        </>
      )}
      {topic && <Form.Item label={t('link.types.topic')}>{topic.title}</Form.Item>}
      {element ? (
        <Form.Item label={t('link.types.element')}>
          <span data-testid="link-element">
            &lt;{element.name}&gt; #{element.id}
          </span>
          {element.mustSave && (
            <Alert
              style={{ marginTop: 8 }}
              type="info"
              showIcon
              title={element.isNew ? t('link.newIdSavedFirst', { id: element.id }) : t('link.savedFirst')}
              data-testid="link-saves-first"
            />
          )}
        </Form.Item>
      ) : (
        <Form.Item name="targetType" label={t('link.targetType')}>
          <Radio.Group options={types.map((v) => ({ value: v, label: t(`link.types.${v}`) }))} />
        </Form.Item>
      )}
      {!topic && targetType !== 'workItem' && (
        <Form.Item name="libraryId" label={t('report.library')} rules={[{ required: true, message: t('report.library') }]}>
          <Select options={(libraries.data ?? []).map((l) => ({ value: l.libraryId, label: l.name }))} />
        </Form.Item>
      )}
      {!topic && (targetType === 'topic' || targetType === 'element') && (
        <Form.Item name="topicId" label={t('link.types.topic')} rules={[{ required: true, message: t('link.pickTopic') }]}>
          <Select
            showSearch
            filterOption={false}
            placeholder={t('link.pickTopic')}
            onSearch={setContentSearch}
            options={(topics.data?.rows ?? []).map((r) => ({ value: r.topicId, label: `${r.title || r.path} (${r.path})` }))}
          />
        </Form.Item>
      )}
      {!topic && targetType === 'document' && (
        <Form.Item name="documentId" label={t('link.types.document')} rules={[{ required: true, message: t('link.types.document') }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setContentSearch}
            options={(documents.data?.rows ?? []).map((r) => ({ value: r.documentId, label: `${r.name || r.path} (${r.path})` }))}
          />
        </Form.Item>
      )}
      {targetType === 'element' && !element && (
        <Form.Item name="elementId" label={t('link.elementId')} rules={[{ required: true, message: t('link.elementId') }]}>
          <Input maxLength={200} />
        </Form.Item>
      )}
      {targetType === 'workItem' && (
        <Form.Item name="workItemId" label={t('link.workItemId')} rules={[{ required: true, message: t('link.workItemId') }]}>
          <InputNumber min={1} style={{ width: 200 }} />
        </Form.Item>
      )}
      <Form.Item name="means" label={t('link.means')}>
        <Select options={MEANS_OF_COMPLIANCE.map((m) => ({ value: m, label: t(`link.meansLabels.${m}`) }))} />
      </Form.Item>
      <Form.Item name="comment" label={t('link.comment')}>
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
    </FormDialog>
  );
}
