import { MinusCircleOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { REFERENCE_TARGETS, XML_PROFILE_GRAMMARS, type XmlProfile, XmlProfileBody, type XmlProfileVocabulary } from '@ccms/contracts/content/xml-profile';
import { App, Button, Divider, Form, Input, Select, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useSaveXmlProfile, xmlProfileQueries } from '../xml-profile-queries';

const VOCABULARY_PARTS = [
  'titles',
  'blocks',
  'lists',
  'listItems',
  'tables',
  'rows',
  'cells',
  'inline',
] as const satisfies readonly (keyof XmlProfileVocabulary)[];

const EMPTY: XmlProfileBody = {
  libraryType: '',
  description: '',
  filePattern: '**/*.xml',
  unitRoots: [],
  documentRoots: [],
  idPath: '@id',
  titlePath: 'title',
  references: [],
  tocGroups: [],
  vocabulary: { blocks: [], lists: [], listItems: [], tables: [], rows: [], cells: [], inline: [], titles: ['title'] },
  css: '',
  grammarKind: 'none',
  grammarName: '',
  grammar: '',
};

/** Element names typed as tags (no dropdown). */
const Names = (props: { placeholder?: string; id?: string }) => <Select mode="tags" open={false} tokenSeparators={[',', ' ']} {...props} />;

/** Add or edit an XML profile: every part of it (files, identity, references, toc, vocabulary, CSS, grammar). */
export function XmlProfileFormDialog({ open, profileId, onClose }: { open: boolean; profileId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('xml-profile');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveXmlProfile();
  const entity = useEntityForm<XmlProfileBody, XmlProfile>({
    open,
    load: profileId === undefined ? undefined : xmlProfileQueries.detail(profileId),
    toValues: ({ profileId: _id, createBy: _cb, createTime: _ct, updateBy: _ub, updateTime: _ut, ...body }) => body,
    defaults: EMPTY,
    save: (v) => save.mutateAsync(profileId === undefined ? v : { ...v, profileId }),
    onSaved: () => {
      message.success(t('saved'));
      onClose();
    },
  });
  const grammarKind = Form.useWatch('grammarKind', entity.form);
  const readGrammar = async (file: File) => {
    entity.form.setFieldsValue({ grammar: await file.text(), grammarName: file.name, grammarKind: /\.dtd$/i.test(file.name) ? 'dtd' : 'xsd' });
    return false;
  };
  return (
    <FormDialog
      open={open}
      title={profileId !== undefined ? t('editTitle') : t('addTitle')}
      labelWidth={130}
      width={820}
      name="xml-profile-form"
      entity={entity}
      onClose={onClose}
    >
      <Form.Item name="libraryType" label={t('libraryType')} rules={zodRules(XmlProfileBody, 'libraryType', t('libraryType'))} extra={t('libraryTypeHint')}>
        <Input maxLength={32} placeholder="FTID" style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={zodRules(XmlProfileBody, 'description', t('description'))}>
        <Input maxLength={zodMaxLength(XmlProfileBody, 'description')} />
      </Form.Item>
      <Divider titlePlacement="start">{t('sectionFiles')}</Divider>
      <Form.Item
        name="filePattern"
        label={t('filePattern')}
        rules={zodRules(XmlProfileBody, 'filePattern', t('filePattern'), { pattern: t('badPattern') })}
        extra={t('filePatternHint')}
      >
        <Input maxLength={200} placeholder="**/*.xml" />
      </Form.Item>
      <Form.Item name="unitRoots" label={t('unitRoots')} rules={zodRules(XmlProfileBody, 'unitRoots', t('unitRoots'))} extra={t('unitRootsHint')}>
        <Names placeholder="recipe" />
      </Form.Item>
      <Form.Item name="documentRoots" label={t('documentRoots')} extra={t('documentRootsHint')}>
        <Names placeholder="book" />
      </Form.Item>
      <Form.Item
        name="idPath"
        label={t('idPath')}
        rules={zodRules(XmlProfileBody, 'idPath', t('idPath'), { pattern: t('badXPath', { field: t('idPath') }) })}
        extra={t('xpathHint')}
      >
        <Input maxLength={200} placeholder="@id" />
      </Form.Item>
      <Form.Item
        name="titlePath"
        label={t('titlePath')}
        rules={zodRules(XmlProfileBody, 'titlePath', t('titlePath'), { pattern: t('badXPath', { field: t('titlePath') }) })}
      >
        <Input maxLength={200} placeholder="title" />
      </Form.Item>
      <Form.Item name="tocGroups" label={t('tocGroups')} extra={t('tocGroupsHint')}>
        <Names placeholder="chapter" />
      </Form.Item>
      <Divider titlePlacement="start">{t('sectionReferences')}</Divider>
      <Form.List name="references">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" style={{ display: 'flex', marginLeft: 130 }}>
                <Form.Item name={[field.name, 'element']} rules={[{ required: true, message: t('elementRequired') }]}>
                  <Input placeholder={t('element')} style={{ width: 180 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'attribute']} rules={[{ required: true, message: t('attributeRequired') }]}>
                  <Input placeholder={t('attribute')} style={{ width: 160 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'target']} initialValue="path">
                  <Select style={{ width: 220 }} options={REFERENCE_TARGETS.map((v) => ({ value: v, label: t(`targets.${v}`) }))} />
                </Form.Item>
                <MinusCircleOutlined aria-label={tc('delete')} onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Form.Item label={t('references')}>
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ element: '', attribute: '', target: 'path' })}>
                {t('addReference')}
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
      <Divider titlePlacement="start">{t('sectionVocabulary')}</Divider>
      {VOCABULARY_PARTS.map((part) => (
        <Form.Item key={part} name={['vocabulary', part]} label={t(`vocabulary.${part}`)}>
          <Names />
        </Form.Item>
      ))}
      <Form.Item name="css" label={t('css')} extra={t('cssHint')}>
        <Input.TextArea rows={4} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Divider titlePlacement="start">{t('sectionGrammar')}</Divider>
      <Form.Item name="grammarKind" label={t('grammarKind')}>
        <Select style={{ width: 200 }} options={XML_PROFILE_GRAMMARS.map((v) => ({ value: v, label: t(`grammarKinds.${v}`) }))} />
      </Form.Item>
      {/* Hidden, not removed, without a grammar: the form still sends the (empty) grammar fields. */}
      <Form.Item label={t('grammarFile')} hidden={grammarKind === 'none'}>
        <Space>
          <Upload accept=".xsd,.dtd" showUploadList={false} beforeUpload={readGrammar}>
            <Button icon={<UploadOutlined />}>{t('upload')}</Button>
          </Upload>
          <Form.Item name="grammarName" noStyle>
            <Input readOnly style={{ width: 240 }} placeholder={t('noGrammar')} />
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item name="grammar" label={t('grammar')} hidden={grammarKind === 'none'}>
        <Input.TextArea rows={4} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
    </FormDialog>
  );
}
