import { EditorNewBody, TOPIC_TEMPLATE_TYPES } from '@ccms/contracts/content/topic-editor';
import { App, Form, Input, Select } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useTemplateOptions } from '../../template/template-queries';
import { editorPath } from '../editor-paths';
import { useCreateTopic } from '../topic-editor-queries';
import { fileNameOf, idOfFileName, templatesOfType } from './new-topic-names';

type Values = {
  type: (typeof TOPIC_TEMPLATE_TYPES)[number];
  /** A template of the type (the Template screen's); none: the type's built-in skeleton. */
  templateId: number | undefined;
  title: string;
  fileName: string;
  folder: string;
  id: string;
  mapPath: string;
};

export interface NewTopicDialogProps {
  open: boolean;
  libraryId: number;
  branch?: string | undefined;
  /** The folder the dialog starts in (the explorer's current folder). */
  folder?: string | undefined;
  onClose: () => void;
}

/** A new topic from a topic type's template: title, file name and id derived from it, folder, optional map; then the editor opens it. */
export function NewTopicDialog({ open, libraryId, branch, folder = 'topics', onClose }: NewTopicDialogProps) {
  const { t, i18n } = useTranslation('topic-editor');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateTopic();
  // Until the writer types a file name or id, they follow the title.
  const touched = useRef({ fileName: false, id: false });
  const entity = useEntityForm<Values>({
    open,
    defaults: { type: 'topic', templateId: undefined, title: '', fileName: '', folder, id: '', mapPath: '' },
    save: async (v) => {
      const mapPath = v.mapPath.trim();
      const doc = await create.mutateAsync({
        libraryId,
        ...(branch ? { branch } : {}),
        type: v.type,
        ...(v.templateId ? { templateId: v.templateId } : {}),
        title: v.title.trim(),
        fileName: v.fileName.trim(),
        folder: v.folder.trim().replace(/^\/+|\/+$/g, ''),
        id: v.id.trim(),
        ...(mapPath ? { mapPath } : {}),
      });
      message.success(t('newTopic.created'));
      onClose();
      navigate(editorPath({ libraryId, branch: doc.branch, path: doc.path }));
    },
  });
  const options = useTemplateOptions('topic', open);
  const type = Form.useWatch('type', entity.form) ?? 'topic';
  const templates = useMemo(() => templatesOfType(options.data ?? [], type, i18n.language), [options.data, type, i18n.language]);
  // The chosen type's first template (in the writer's language) is proposed; another type's is never kept.
  useEffect(() => {
    if (!open) return;
    const current = entity.form.getFieldValue('templateId') as number | undefined;
    if (current !== undefined && templates.some((o) => o.templateId === current)) return;
    entity.form.setFieldValue('templateId', templates[0]?.templateId);
  }, [open, templates, entity.form]);
  // The id follows the file name until the writer types one.
  const followFileName = (fileName: string) => {
    if (!touched.current.id) entity.form.setFieldValue('id', idOfFileName(fileName));
  };
  return (
    <FormDialog
      open={open}
      title={t('newTopic.title')}
      name="new-topic"
      entity={entity}
      onClose={() => {
        touched.current = { fileName: false, id: false };
        onClose();
      }}
      labelWidth={120}
    >
      <Form.Item name="type" label={t('newTopic.type')} rules={zodRules(EditorNewBody, 'type', t('newTopic.type'))}>
        <Select data-testid="new-topic-type" options={TOPIC_TEMPLATE_TYPES.map((v) => ({ value: v, label: v }))} />
      </Form.Item>
      <Form.Item name="templateId" label={t('newTopic.template')} extra={t('newTopic.templateHint')}>
        <Select
          allowClear
          data-testid="new-topic-template"
          placeholder={t('newTopic.builtIn')}
          loading={options.isLoading}
          options={templates.map((o) => ({ value: o.templateId, label: `${o.templateName} (${o.lang})` }))}
        />
      </Form.Item>
      <Form.Item name="title" label={t('newTopic.topicTitle')} rules={zodRules(EditorNewBody, 'title', t('newTopic.topicTitle'))}>
        <Input
          maxLength={zodMaxLength(EditorNewBody, 'title')}
          onChange={(e) => {
            const title = e.target.value;
            if (touched.current.fileName) return;
            const fileName = title.trim() ? fileNameOf(title) : '';
            entity.form.setFieldValue('fileName', fileName);
            followFileName(fileName);
          }}
        />
      </Form.Item>
      <Form.Item
        name="fileName"
        label={t('newTopic.fileName')}
        extra={t('newTopic.fileNameHint')}
        rules={zodRules(EditorNewBody, 'fileName', t('newTopic.fileName'))}
      >
        <Input
          maxLength={zodMaxLength(EditorNewBody, 'fileName')}
          onChange={(e) => {
            touched.current.fileName = true;
            followFileName(e.target.value);
          }}
        />
      </Form.Item>
      <Form.Item name="folder" label={t('newTopic.folder')}>
        <Input />
      </Form.Item>
      <Form.Item name="id" label={t('newTopic.id')} extra={t('newTopic.idHint')} rules={zodRules(EditorNewBody, 'id', t('newTopic.id'))}>
        <Input maxLength={zodMaxLength(EditorNewBody, 'id')} onChange={() => (touched.current.id = true)} />
      </Form.Item>
      <Form.Item name="mapPath" label={t('newTopic.map')}>
        <Input placeholder={t('newTopic.mapPlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
