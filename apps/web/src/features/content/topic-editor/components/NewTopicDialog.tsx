import { EditorNewBody, TOPIC_TEMPLATE_TYPES } from '@ccms/contracts/content/topic-editor';
import { App, Form, Input, Select } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { editorPath } from '../editor-paths';
import { useCreateTopic } from '../topic-editor-queries';
import { fileNameOf, idOf } from './new-topic-names';

type Values = { type: (typeof TOPIC_TEMPLATE_TYPES)[number]; title: string; fileName: string; folder: string; id: string; mapPath: string };

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
  const { t } = useTranslation('editor');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateTopic();
  // Until the writer types a file name or id, they follow the title.
  const touched = useRef({ fileName: false, id: false });
  const entity = useEntityForm<Values>({
    open,
    defaults: { type: 'topic', title: '', fileName: '', folder, id: '', mapPath: '' },
    save: async (v) => {
      const mapPath = v.mapPath.trim();
      const doc = await create.mutateAsync({
        libraryId,
        ...(branch ? { branch } : {}),
        type: v.type,
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
        <Select options={TOPIC_TEMPLATE_TYPES.map((v) => ({ value: v, label: v }))} />
      </Form.Item>
      <Form.Item name="title" label={t('newTopic.topicTitle')} rules={zodRules(EditorNewBody, 'title', t('newTopic.topicTitle'))}>
        <Input
          maxLength={zodMaxLength(EditorNewBody, 'title')}
          onChange={(e) => {
            const title = e.target.value;
            if (!touched.current.fileName) entity.form.setFieldValue('fileName', title.trim() ? fileNameOf(title) : '');
            if (!touched.current.id) entity.form.setFieldValue('id', title.trim() ? idOf(title) : '');
          }}
        />
      </Form.Item>
      <Form.Item
        name="fileName"
        label={t('newTopic.fileName')}
        extra={t('newTopic.fileNameHint')}
        rules={zodRules(EditorNewBody, 'fileName', t('newTopic.fileName'))}
      >
        <Input maxLength={zodMaxLength(EditorNewBody, 'fileName')} onChange={() => (touched.current.fileName = true)} />
      </Form.Item>
      <Form.Item name="folder" label={t('newTopic.folder')}>
        <Input />
      </Form.Item>
      <Form.Item name="id" label={t('newTopic.id')} rules={zodRules(EditorNewBody, 'id', t('newTopic.id'))}>
        <Input maxLength={zodMaxLength(EditorNewBody, 'id')} onChange={() => (touched.current.id = true)} />
      </Form.Item>
      <Form.Item name="mapPath" label={t('newTopic.map')}>
        <Input placeholder={t('newTopic.mapPlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
