import { CopyOutlined, DeleteOutlined, DownloadOutlined, EyeOutlined, FileTextOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Form, Input, Modal, Space, Tabs, Typography } from 'antd';
import { type DragEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DesignItems, FieldControl } from '../components/FieldControl';
import { FieldProps, FormProps, RowProps } from '../components/PropertyPanels';
import {
  type DropTarget,
  emptyDesign,
  FIELD_KINDS,
  type FieldKind,
  type FormDesign,
  type FormField,
  type FormRow,
  findNode,
  insertNode,
  isRow,
  moveNode,
  newField,
  newId,
  newRow,
  parseDesign,
  removeNode,
  updateField,
} from '../form-schema';
import { toReactSource } from '../form-source';
import '../build.css';

/** Drag payloads: a control from the palette, or a node already on the canvas. */
const CONTROL = 'application/x-ccms-form-control';
const NODE = 'application/x-ccms-form-node';

/** Saves text as a file in the browser. */
function saveText(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}

/** Tool → 表单构建 (RuoYi tool/build/index): a drag-and-drop form designer over antd controls. */
export default function FormBuilderPage() {
  const { t } = useTranslation('tool');
  const { message } = App.useApp();
  const [design, setDesign] = useState<FormDesign>(emptyDesign);
  const [selected, setSelected] = useState<string | null>(null);
  const [dialog, setDialog] = useState<null | 'preview' | 'source' | 'json' | 'load'>(null);
  const [loadText, setLoadText] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [previewValues, setPreviewValues] = useState<string | null>(null);

  const kindLabel = (kind: FieldKind) => t(`build.kinds.${kind}`);
  const source = useMemo(() => toReactSource(design), [design]);
  const json = useMemo(() => JSON.stringify(design, null, 2), [design]);
  const current = findNode(design, selected);

  const add = (kind: FieldKind | 'row', target: DropTarget = { index: design.items.length }) => {
    const node = kind === 'row' ? newRow() : newField(kind, kindLabel(kind), design);
    setDesign((d) => insertNode(d, node, target));
    setSelected(node.id);
  };

  const onDrop = (e: DragEvent, target: DropTarget) => {
    e.preventDefault();
    e.stopPropagation();
    const kind = e.dataTransfer.getData(CONTROL);
    const id = e.dataTransfer.getData(NODE);
    if (kind) add(kind as FieldKind | 'row', target);
    else if (id) setDesign((d) => moveNode(d, id, target));
  };
  const allowDrop = (e: DragEvent) => e.preventDefault();

  const copy = (id: string) => {
    const node = findNode(design, id);
    if (!node || isRow(node)) return;
    const top = design.items.findIndex((n) => n.id === id);
    const clone: FormField = { ...node, id: newId('f'), name: `${node.name}Copy` };
    if (top >= 0) setDesign((d) => insertNode(d, clone, { index: top + 1 }));
    else {
      const row = design.items.find((n): n is FormRow => isRow(n) && n.columns.some((c) => c.items.some((f) => f.id === id)));
      const col = row?.columns.find((c) => c.items.some((f) => f.id === id));
      if (col) setDesign((d) => insertNode(d, clone, { columnId: col.id, index: col.items.findIndex((f) => f.id === id) + 1 }));
    }
    setSelected(clone.id);
  };

  const remove = (id: string) => {
    setDesign((d) => removeNode(d, id));
    if (selected === id) setSelected(null);
  };

  const fieldBox = (f: FormField, index: number, columnId?: string) => (
    // biome-ignore lint/a11y/useSemanticElements: a designer item holds its own buttons, which a <button> may not contain
    <div
      key={f.id}
      className={`fb-item${selected === f.id ? ' fb-selected' : ''}`}
      data-testid={`fb-field-${f.name}`}
      draggable
      onDragStart={(e) => {
        e.stopPropagation();
        e.dataTransfer.setData(NODE, f.id);
      }}
      onDragOver={allowDrop}
      onDrop={(e) => onDrop(e, { columnId, index })}
      onClick={(e) => {
        e.stopPropagation();
        setSelected(f.id);
      }}
      onKeyDown={(e) => e.key === 'Enter' && setSelected(f.id)}
      role="button"
      tabIndex={0}
    >
      <Form.Item label={f.label} required={f.required} className="fb-item-control">
        <FieldControl field={f} />
      </Form.Item>
      {selected === f.id && (
        <Space className="fb-item-tools">
          <Button size="small" icon={<CopyOutlined />} aria-label={t('build.copy')} onClick={() => copy(f.id)} />
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('build.delete')} onClick={() => remove(f.id)} />
        </Space>
      )}
    </div>
  );

  const rowBox = (r: FormRow, index: number) => (
    // biome-ignore lint/a11y/useSemanticElements: a designer item holds its own buttons, which a <button> may not contain
    <div
      key={r.id}
      className={`fb-row${selected === r.id ? ' fb-selected' : ''}`}
      data-testid="fb-row"
      draggable
      onDragStart={(e) => e.dataTransfer.setData(NODE, r.id)}
      onDragOver={allowDrop}
      onDrop={(e) => onDrop(e, { index })}
      onClick={() => setSelected(r.id)}
      onKeyDown={(e) => e.key === 'Enter' && setSelected(r.id)}
      role="button"
      tabIndex={0}
    >
      <div className="fb-row-cols">
        {r.columns.map((c, ci) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: a drop zone; fields also arrive by a click on the palette
          <div
            key={c.id}
            className="fb-col"
            style={{ flex: c.span }}
            data-testid={`fb-col-${ci + 1}`}
            onDragOver={allowDrop}
            onDrop={(e) => onDrop(e, { columnId: c.id, index: c.items.length })}
          >
            {c.items.length === 0 && <div className="fb-col-empty">{t('build.dropHere')}</div>}
            {c.items.map((f, fi) => fieldBox(f, fi, c.id))}
          </div>
        ))}
      </div>
      {selected === r.id && (
        <Space className="fb-item-tools">
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('build.delete')} onClick={() => remove(r.id)} />
        </Space>
      )}
    </div>
  );

  const load = () => {
    const result = parseDesign(loadText);
    if (!result.ok) {
      setLoadError(result.path ? t('build.loadErrorAt', { path: result.path, message: result.message }) : t('build.loadError', { message: result.message }));
      return;
    }
    setDesign(result.design);
    setSelected(null);
    setDialog(null);
    setLoadError(null);
    message.success(t('build.loaded'));
  };

  return (
    <div className="fb-page">
      <aside className="fb-palette" aria-label={t('build.palette')}>
        <Typography.Title level={5}>{t('build.palette')}</Typography.Title>
        {[...FIELD_KINDS, 'row' as const].map((kind) => (
          <button
            key={kind}
            type="button"
            className="fb-palette-item"
            draggable
            data-testid={`fb-palette-${kind}`}
            onDragStart={(e) => e.dataTransfer.setData(CONTROL, kind)}
            onClick={() => add(kind)}
          >
            <PlusOutlined /> {kind === 'row' ? t('build.kinds.row') : kindLabel(kind)}
          </button>
        ))}
      </aside>
      <section className="fb-main">
        <div className="fb-toolbar">
          <Button icon={<EyeOutlined />} onClick={() => setDialog('preview')}>
            {t('build.preview')}
          </Button>
          <Button icon={<FileTextOutlined />} onClick={() => setDialog('source')}>
            {t('build.exportSource')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => setDialog('json')}>
            {t('build.exportJson')}
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setDialog('load')}>
            {t('build.loadJson')}
          </Button>
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() => {
              setDesign(emptyDesign());
              setSelected(null);
            }}
          >
            {t('build.clear')}
          </Button>
        </div>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop zone; fields also arrive by a click on the palette */}
        <div
          className="fb-canvas"
          data-testid="fb-canvas"
          onDragOver={allowDrop}
          onDrop={(e) => onDrop(e, { index: design.items.length })}
          onClick={() => setSelected(null)}
          onKeyDown={(e) => e.key === 'Escape' && setSelected(null)}
          role="presentation"
        >
          <Form layout={design.layout} labelCol={design.layout === 'horizontal' ? { style: { width: design.labelWidth } } : undefined}>
            {design.items.length === 0 && <Empty description={t('build.emptyCanvas')} />}
            {design.items.map((n, i) => (isRow(n) ? rowBox(n, i) : fieldBox(n, i)))}
          </Form>
        </div>
      </section>
      <aside className="fb-props" aria-label={t('build.properties')}>
        <Typography.Title level={5}>
          {current ? (isRow(current) ? t('build.rowProperties') : t('build.fieldProperties')) : t('build.formProperties')}
        </Typography.Title>
        {!current && <FormProps design={design} onChange={setDesign} />}
        {current && isRow(current) && (
          <RowProps row={current} onChange={(row) => setDesign((d) => ({ ...d, items: d.items.map((n) => (n.id === row.id ? row : n)) }))} />
        )}
        {current && !isRow(current) && (
          <FieldProps key={current.id} field={current} onChange={(patch) => setDesign((d) => updateField(d, current.id, patch))} />
        )}
      </aside>

      <Modal title={t('build.preview')} open={dialog === 'preview'} onCancel={() => setDialog(null)} footer={null} width={800} destroyOnHidden>
        <Form
          layout={design.layout}
          labelCol={design.layout === 'horizontal' ? { style: { width: design.labelWidth } } : undefined}
          initialValues={Object.fromEntries(
            design.items
              .flatMap((n) => (isRow(n) ? n.columns.flatMap((c) => c.items) : [n]))
              .filter((f) => f.defaultValue !== undefined && !['date', 'dateRange', 'upload'].includes(f.kind))
              .map((f) => [f.name, f.defaultValue]),
          )}
          onFinish={(values) => setPreviewValues(JSON.stringify(values, null, 2))}
        >
          <DesignItems items={design.items} />
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('build.submit')}
            </Button>
          </Form.Item>
        </Form>
        {previewValues && (
          <pre className="fb-code" data-testid="fb-preview-values">
            {previewValues}
          </pre>
        )}
      </Modal>

      <Modal
        title={t('build.exportSource')}
        open={dialog === 'source'}
        onCancel={() => setDialog(null)}
        width={880}
        footer={
          <Space>
            <Button icon={<CopyOutlined />} onClick={() => navigator.clipboard?.writeText(source).then(() => message.success(t('build.copied')))}>
              {t('build.copyCode')}
            </Button>
            <Button type="primary" icon={<DownloadOutlined />} onClick={() => saveText(source, 'GeneratedForm.tsx', 'text/typescript')}>
              {t('build.download')}
            </Button>
          </Space>
        }
      >
        <pre className="fb-code" data-testid="fb-source">
          {source}
        </pre>
      </Modal>

      <Modal
        title={t('build.exportJson')}
        open={dialog === 'json'}
        onCancel={() => setDialog(null)}
        width={800}
        footer={
          <Button type="primary" icon={<DownloadOutlined />} onClick={() => saveText(json, 'form.json', 'application/json')}>
            {t('build.download')}
          </Button>
        }
      >
        <pre className="fb-code" data-testid="fb-json">
          {json}
        </pre>
      </Modal>

      <Modal title={t('build.loadJson')} open={dialog === 'load'} onCancel={() => setDialog(null)} onOk={load} okText={t('build.load')} width={800}>
        <Tabs
          items={[
            {
              key: 'paste',
              label: t('build.paste'),
              children: (
                <Input.TextArea
                  aria-label={t('build.jsonText')}
                  rows={14}
                  value={loadText}
                  onChange={(e) => {
                    setLoadText(e.target.value);
                    setLoadError(null);
                  }}
                />
              ),
            },
            {
              key: 'file',
              label: t('build.file'),
              children: (
                <input
                  type="file"
                  accept=".json,application/json"
                  aria-label={t('build.file')}
                  onChange={async (e) => {
                    const file = e.target.files?.[0];
                    if (file) setLoadText(await file.text());
                  }}
                />
              ),
            },
          ]}
        />
        {loadError && <Alert type="error" showIcon title={loadError} />}
      </Modal>
    </div>
  );
}
