import { TOPIC_TEMPLATE_TYPES } from '@ccms/contracts/content/topic-editor';
import { MAP_NAME_PATTERN, TOPIC_FILE_NAME_PATTERN } from '@ccms/dita/files';
import { Form, Input, Radio, Select } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../shared/form/FormModal';
import { useTemplateOptions } from '../../template/template-queries';
import { fileNameOf, idOf } from '../../topic-editor/components/new-topic-names';
import { CatalogTopicSelect } from './CatalogTopicSelect';

/** What can be added: a reference to a topic, a new topic, a heading or group, a mapref, a keydef. */
export type AddKind = 'ref' | 'new' | 'head' | 'mapref' | 'keydef';
export type TopicType = (typeof TOPIC_TEMPLATE_TYPES)[number];

export interface AddRequest {
  kind: AddKind;
  element: string;
  position: 'after' | 'inside';
  /** Library path of the topic or map referenced (ref, new, mapref, keydef to a topic). */
  path: string;
  navtitle: string;
  /** keydef: keys, an external URL, variable text. */
  keys: string;
  url: string;
  linktext: string;
  keywords: string;
  /** new: the topic to create. */
  title: string;
  id: string;
  type: TopicType;
  templateId: number | undefined;
}

type Values = Omit<AddRequest, 'kind'> & { folder: string; fileName: string };

const ELEMENTS: Record<AddKind, { map: string[]; bookmap: string[] }> = {
  ref: { map: ['topicref', 'glossref'], bookmap: ['chapter', 'topicref', 'appendix', 'part', 'notices', 'glossref'] },
  new: { map: ['topicref'], bookmap: ['chapter', 'topicref', 'appendix', 'part', 'notices'] },
  head: { map: ['topichead', 'topicgroup'], bookmap: ['part', 'frontmatter', 'backmatter', 'appendices', 'topichead', 'topicgroup', 'booklists'] },
  mapref: { map: ['mapref'], bookmap: ['mapref'] },
  keydef: { map: ['keydef'], bookmap: ['keydef'] },
};

const KEYS_PATTERN = /^[^\s{}[\]/#?]+(\s+[^\s{}[\]/#?]+)*$/;
const URL_PATTERN = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;

/** The add dialog of the map editor, one form per kind of node. */
export function AddDialog({
  kind,
  isBookmap,
  hasSelection,
  libraryId,
  branch,
  folder,
  onAdd,
  onClose,
}: {
  kind: AddKind | null;
  isBookmap: boolean;
  hasSelection: boolean;
  libraryId: number;
  branch?: string | undefined;
  /** Where a new topic goes unless the writer says otherwise. */
  folder: string;
  onAdd: (request: AddRequest) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('map-editor');
  const [form] = Form.useForm<Values>();
  const templates = useTemplateOptions('topic', kind === 'new');
  const touched = useRef({ fileName: false, id: false });
  const elements = kind ? ELEMENTS[kind][isBookmap ? 'bookmap' : 'map'] : [];

  const initialValues: Partial<Values> | undefined = kind
    ? { element: ELEMENTS[kind][isBookmap ? 'bookmap' : 'map'][0], position: 'after', type: 'concept', folder, templateId: undefined }
    : undefined;
  // Each kind starts afresh: the dialog may reopen for another kind before its closing animation has ended.
  useEffect(() => {
    if (!kind) return;
    touched.current = { fileName: false, id: false };
    form.resetFields();
    form.setFieldsValue({ element: ELEMENTS[kind][isBookmap ? 'bookmap' : 'map'][0], position: 'after', type: 'concept', folder, templateId: undefined });
  }, [kind, form, isBookmap, folder]);

  const submit = (v: Values) => {
    if (!kind) return;
    const path = kind === 'new' ? `${v.folder.trim().replace(/^\/+|\/+$/g, '')}/${v.fileName.trim()}`.replace(/^\//, '') : (v.path ?? '').trim();
    onAdd({
      kind,
      element: v.element,
      position: hasSelection ? v.position : 'after',
      path,
      navtitle: (v.navtitle ?? '').trim(),
      keys: (v.keys ?? '').trim(),
      url: (v.url ?? '').trim(),
      linktext: (v.linktext ?? '').trim(),
      keywords: (v.keywords ?? '').trim(),
      title: (v.title ?? '').trim(),
      id: (v.id ?? '').trim(),
      type: v.type,
      templateId: v.templateId,
    });
  };

  const required = (label: string) => [{ required: true, whitespace: true, message: t('required', { field: label }) }];
  return (
    <FormModal<Values>
      open={kind !== null}
      title={kind ? t(`add.${kind}`) : ''}
      okText={t('add.ok')}
      okTestId="add-ok"
      form={form}
      formTestId="add-form"
      layout="vertical"
      initialValues={initialValues}
      onClose={onClose}
      onFinish={submit}
    >
      <Form.Item name="element" label={t('add.element')}>
        <Select options={elements.map((e) => ({ value: e, label: e }))} data-testid="add-element" />
      </Form.Item>
      {hasSelection && (
        <Form.Item name="position" label={t('add.position')}>
          <Radio.Group>
            <Radio value="after">{t('add.after')}</Radio>
            <Radio value="inside">{t('add.inside')}</Radio>
          </Radio.Group>
        </Form.Item>
      )}
      {kind === 'ref' && (
        <Form.Item name="path" label={t('add.topic')} rules={required(t('add.topic'))}>
          <CatalogTopicSelect libraryId={libraryId} branch={branch} allowClear testId="topic-picker" />
        </Form.Item>
      )}
      {kind === 'mapref' && (
        <Form.Item name="path" label={t('add.mapPath')} rules={[...required(t('add.mapPath')), { pattern: MAP_NAME_PATTERN, message: t('add.badMapPath') }]}>
          <Input placeholder="maps/other.ditamap" data-testid="add-map-path" />
        </Form.Item>
      )}
      {kind === 'new' && (
        <>
          <Form.Item name="templateId" label={t('add.template')}>
            <Select
              allowClear
              data-testid="add-template"
              options={(templates.data ?? []).map((o) => ({ value: o.templateId, label: `${o.templateName} (${o.doctypeName}, ${o.lang})` }))}
              onChange={(id?: number) => {
                const chosen = templates.data?.find((o) => o.templateId === id);
                if (chosen && (TOPIC_TEMPLATE_TYPES as readonly string[]).includes(chosen.doctypeName)) form.setFieldValue('type', chosen.doctypeName);
              }}
            />
          </Form.Item>
          <Form.Item name="type" label={t('add.type')}>
            <Select options={TOPIC_TEMPLATE_TYPES.map((v) => ({ value: v, label: v }))} data-testid="add-type" />
          </Form.Item>
          <Form.Item name="title" label={t('add.title')} rules={required(t('add.title'))}>
            <Input
              maxLength={500}
              data-testid="add-title"
              onChange={(e) => {
                const title = e.target.value;
                if (!touched.current.fileName) form.setFieldValue('fileName', title.trim() ? fileNameOf(title) : '');
                if (!touched.current.id) form.setFieldValue('id', title.trim() ? idOf(title) : '');
              }}
            />
          </Form.Item>
          <Form.Item
            name="fileName"
            label={t('add.fileName')}
            rules={[...required(t('add.fileName')), { pattern: TOPIC_FILE_NAME_PATTERN, message: t('add.badFileName') }]}
          >
            <Input onChange={() => (touched.current.fileName = true)} data-testid="add-file-name" />
          </Form.Item>
          <Form.Item name="folder" label={t('add.folder')}>
            <Input />
          </Form.Item>
          <Form.Item name="id" label="id" rules={[...required('id'), { pattern: /^[A-Za-z_][\w.-]*$/, message: t('add.badId') }]}>
            <Input onChange={() => (touched.current.id = true)} />
          </Form.Item>
        </>
      )}
      {kind === 'keydef' && (
        <>
          <Form.Item name="keys" label="keys" rules={[...required('keys'), { pattern: KEYS_PATTERN, message: t('attrs.badKeys') }]}>
            <Input data-testid="add-keys" />
          </Form.Item>
          <Form.Item name="path" label={t('add.topicOptional')}>
            <CatalogTopicSelect libraryId={libraryId} branch={branch} allowClear testId="topic-picker" />
          </Form.Item>
          <Form.Item name="url" label={t('add.url')} rules={[{ pattern: URL_PATTERN, message: t('add.badUrl') }]}>
            <Input placeholder="https://" data-testid="add-url" />
          </Form.Item>
          <Form.Item name="linktext" label="linktext">
            <Input />
          </Form.Item>
          <Form.Item name="keywords" label="keyword">
            <Input data-testid="add-keyword" />
          </Form.Item>
        </>
      )}
      {kind !== 'new' && (
        <Form.Item name="navtitle" label="navtitle" rules={[]}>
          <Input data-testid="add-navtitle" />
        </Form.Item>
      )}
    </FormModal>
  );
}
